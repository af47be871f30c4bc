import type { Generated, Kysely, Transaction } from 'kysely';

/**
 * The console store's tables as the query builder sees them, the same on SQLite and PostgreSQL.
 * Times are milliseconds since the epoch (PostgreSQL `bigint`, read back as numbers), flags are 0/1
 * integers and JSON is kept as text, so rows read the same from either engine.
 */
export interface StoreSchema {
  operators: OperatorsTable;
  sessions: SessionsTable;
  sign_in_tokens: SignInTokensTable;
  login_failures: LoginFailuresTable;
  audit: AuditTable;
  reported_permissions: ReportedPermissionsTable;
  queue_claims: QueueClaimsTable;
  queue_samples: QueueSamplesTable;
  sso_sign_ins: SsoSignInsTable;
  moderation_items: ModerationItemsTable;
  rate_buckets: RateBucketsTable;
  leases: LeasesTable;
  live_snapshots: LiveSnapshotsTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_targets: AuditTargetsTable;
  insight_decisions: InsightDecisionsTable;
  insight_counts: InsightCountsTable;
  insight_waits: InsightWaitsTable;
}

export interface OperatorsTable {
  id: Generated<number>;
  username: string;
  role: string;
  password_hash: string;
  created_at: number;
  password_changed_at: number;
  sso_subject: string | null;
  must_change_password: Generated<number>;
  last_sign_in_at: number | null;
}

export interface SessionsTable {
  token_hash: string;
  operator_id: number;
  created_at: number;
  last_seen_at: number;
  id: string | null;
  user_agent: string | null;
  client: string | null;
}

export interface SignInTokensTable {
  token_hash: string;
  operator_id: number;
  expires_at: number;
  used_at: number | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  scope: string;
  subject: string;
  at: number;
}

export interface AuditTable {
  id: Generated<number>;
  at: number;
  request_id: string;
  operator: string | null;
  role: string | null;
  action: string;
  operation: string;
  /** A JSON object of names to a text, a flag or a list of texts. */
  targets: Generated<string>;
  on_behalf_of: string | null;
  reason: string | null;
  status: number | null;
  upstream_status: number | null;
  outcome: string;
  detail: string | null;
  duration_ms: number | null;
  client: string | null;
  repeat_count: Generated<number>;
  last_at: number | null;
  note: string | null;
  reason_id: string | null;
}

export interface ReportedPermissionsTable {
  id: Generated<number>;
  role: string;
  permissions: string;
  reported_at: number;
  reported_by: string;
  operation: string;
  request_id: string;
}

export interface QueueClaimsTable {
  message_id: string;
  operator: string;
  claimed_at: number;
  expires_at: number;
}

export interface QueueSamplesTable {
  id: Generated<number>;
  at: number;
  size: number;
  oldest_sent_at: number | null;
}

export interface SsoSignInsTable {
  id_hash: string;
  state: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  expires_at: number;
}

export interface ModerationItemsTable {
  message_id: string;
  rule_id: string;
  rule_name: string | null;
  sent_at: number | null;
  seen_at: number;
}

/** A token bucket of the per-operator rate limit, shared by the replicas of a PostgreSQL store. */
export interface RateBucketsTable {
  key: string;
  tokens: number;
  at: number;
  /** 1 when the last take found a token, else 0 (read back in the same statement). */
  granted: number;
}

/** A named duty held by one replica until `expires_at` (the live queue's poll). */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

/** The latest result of a duty that every replica reads (the blocked list the poll saw). */
export interface LiveSnapshotsTable {
  name: string;
  version: number;
  at: number;
  body: string;
}

/**
 * A write sent with an `Idempotency-Key`: `pending` while its first request runs, then `done` with
 * the answer it got (status, headers as a JSON object, body in base64), replayed to repeats.
 */
export interface IdempotencyKeysTable {
  operator: string;
  idempotency_key: string;
  /** A hash of the method, path, query and body: a repeat must carry the same request. */
  fingerprint: string;
  state: 'pending' | 'done';
  request_id: string;
  created_at: number;
  expires_at: number;
  status: number | null;
  headers: string | null;
  body: string | null;
}

/** Each text value of an audit row's targets (a list's members included), to find a target's rows. */
export interface AuditTargetsTable {
  audit_id: number;
  value: string;
}

/** How a decision counts in the insights (decision 0042): recomputed per message when it changes. */
export type DecisionClass = 'first' | 'late' | 'repeat' | 'none';

/**
 * One decision of the audit trail (an applied approval, rejection or deletion), with how it counts
 * given every other decision on its message and what the console knows of the message.
 */
export interface InsightDecisionsTable {
  audit_id: number;
  at: number;
  operator: string;
  kind: 'approved' | 'rejected' | 'deleted';
  message_id: string | null;
  class: DecisionClass;
  /** The time of the latest earlier decision of the same kind on the same message that counted. */
  repeat_of: number | null;
  rule_id: string | null;
  rule_name: string | null;
  /** The message's `sentAt` in seconds, when known. */
  sent_at: number | null;
  /** The time to decision's bucket (`waitBucket`), when `sent_at` is known. */
  wait_bucket: number | null;
}

/**
 * Decisions of class `first` per hour and per UTC day (`span`) and kind, by moderator (`dim`
 * 'operator') and by rule (`dim` 'rule'; '' for a message the console never saw listed).
 */
export interface InsightCountsTable {
  span: number;
  period: number;
  dim: 'operator' | 'rule';
  value: string;
  kind: string;
  rule_name: string | null;
  n: number;
}

/** Times to decision of class `first` decisions per hour and per UTC day, in buckets. */
export interface InsightWaitsTable {
  span: number;
  period: number;
  bucket: number;
  n: number;
}

export type Engine = 'sqlite' | 'postgres';
export type StoreTransaction = Transaction<StoreSchema>;
export type StoreDb = Kysely<StoreSchema> | StoreTransaction;
