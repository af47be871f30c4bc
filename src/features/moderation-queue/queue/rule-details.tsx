import Box from '@mui/material/Box';
import type { BlockedMessage } from '@/api/schemas/blocked-message';
import { MessageFacts } from '../review/message-facts';

/** Why a blocked message waits: the rule (its id beside its name) and the rule's reasons. */
export function RuleDetails({ item }: { item: BlockedMessage }) {
  const reasons = item.condition?.message ?? [];
  const rule = (
    <>
      {item.ruleName ?? item.ruleId}
      {item.ruleName ? (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {' '}
          ({item.ruleId})
        </Box>
      ) : null}
    </>
  );
  return (
    <MessageFacts
      message={item.message}
      rows={[['Rule', rule], ...(reasons.length > 0 ? [['Why', reasons.join('; ')] as const] : [])]}
    />
  );
}
