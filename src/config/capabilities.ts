import { rolesWith, type Capability } from '@/api/contract/capabilities';

export { can, type Capability } from '@/api/contract/capabilities';

/** Why a control is disabled, in words for the operator. */
export function deniedReason(capability: Capability): string {
  const roles = rolesWith(capability).join(' or ');
  return `Only ${roles} operators can do this.`;
}
