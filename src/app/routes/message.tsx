import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { Hint } from '@/components/hint';
import { paramClasses } from '@/api/contract/param-classes';
import { isNotFound } from '@/api/errors';
import { messageQueries } from '@/api/queries/messages';
import { reactionQueries } from '@/api/queries/reactions';
import { MissingPage } from '@/components/missing-page';
import { PageHeader } from '@/components/page-header';
import { pageHeadings } from '@/config/page-headings';
import { LoadingState } from '@/components/loading-state';
import { ErrorState } from '@/components/states';
import { useFormattersAhead } from '@/components/use-formatters-ahead';
import { deniedReason } from '@/config/capabilities';
import { paths } from '@/config/paths';
import { useOperator } from '@/features/auth/use-session';
import { DeleteMessageDialog } from '@/features/messages/message/delete-message-dialog';
import { MessageDetails } from '@/features/messages/message/message-details';
import { previewOf } from '@/features/messages/message-preview';
import { ReactionsInspector } from '@/features/messages/reactions/reactions-inspector';
import type { FirstReads } from '../router';

const back = (
  <Button component={RouterLink} to={paths.messages.href()} startIcon={<ArrowBackOutlined />}>
    Messages
  </Button>
);

function MissingMessage({ id }: { id: string }) {
  return (
    <MissingPage
      heading="Message not found"
      title={`No message “${id}”`}
      icon={<SearchOffOutlined />}
      back={back}
    >
      The chat service has no message with this id: it was deleted permanently, or the address is
      wrong (message ids are numbers).
    </MissingPage>
  );
}

/**
 * The message and the reaction records the page opens on, asked for together from the route: a
 * query's own read would leave only once the page has committed, and the records need only the id,
 * so the page takes one round trip to the service instead of two (the list below reads the same
 * query).
 */
export const firstReads: FirstReads = (client, { params, search }) => {
  const id = params.id ?? '';
  if (!paramClasses.messageId(id)) return;
  void client.prefetchQuery(messageQueries.detail(id));
  void client.prefetchInfiniteQuery(reactionQueries.list(id, search.get('reaction') ?? undefined));
};

export default function MessagePage() {
  const id = useParams().id ?? '';
  // An id the service cannot have is not asked for.
  return paramClasses.messageId(id) ? <Message key={id} id={id} /> : <MissingMessage id={id} />;
}

function Message({ id }: { id: string }) {
  const navigate = useNavigate();
  const operator = useOperator();
  const [params, setParams] = useSearchParams();
  const [deleting, setDeleting] = useState(false);
  const message = useQuery(messageQueries.detail(id));
  const selected = params.get('reaction') ?? undefined;
  const mayDelete = operator.can('deleteMessage');
  // The participants say when they were last active.
  useFormattersAhead(message.isPending);

  const select = (reaction: string | undefined) =>
    setParams(reaction === undefined ? {} : { reaction }, { replace: true });

  if (message.isPending) {
    return (
      <>
        <PageHeader {...pageHeadings.message({ params: { id } })} actions={back} />
        <LoadingState label="Loading message" />
      </>
    );
  }
  if (message.isError && isNotFound(message.error)) return <MissingMessage id={id} />;
  if (message.isError) {
    return (
      <>
        <PageHeader {...pageHeadings.message({ params: { id } })} actions={back} />
        <ErrorState
          title="This message could not be loaded"
          error={message.error}
          onRetry={() => void message.refetch()}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        {...pageHeadings.message({ params: { id } })}
        subtitle={previewOf(message.data).slice(0, 140)}
        actions={
          <>
            {back}
            <Hint title={mayDelete ? '' : deniedReason('deleteMessage')}>
              <span>
                <Button
                  color="error"
                  variant="outlined"
                  startIcon={<DeleteOutlined />}
                  disabled={!mayDelete}
                  onClick={() => setDeleting(true)}
                >
                  Delete…
                </Button>
              </span>
            </Hint>
          </>
        }
      />
      <Stack spacing={3} useFlexGap>
        <MessageDetails message={message.data} />
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="reactions-heading"
          sx={{ p: 2 }}
        >
          <Typography id="reactions-heading" variant="h2" sx={{ mb: 2 }}>
            Reactions
          </Typography>
          <ReactionsInspector
            message={message.data}
            selected={selected}
            onSelect={select}
            reactDenied={operator.can('reactOnBehalf') ? undefined : deniedReason('reactOnBehalf')}
          />
        </Paper>
      </Stack>
      {deleting ? (
        <DeleteMessageDialog
          message={message.data}
          permanentDenied={
            operator.can('deleteMessagePermanently')
              ? undefined
              : deniedReason('deleteMessagePermanently')
          }
          onClose={() => setDeleting(false)}
          onDeleted={(permanent) => {
            setDeleting(false);
            if (permanent) void navigate(paths.messages.href());
          }}
        />
      ) : null}
    </>
  );
}
