/**
 * The SQLite store's schema history before decision 0019, entry N bringing `user_version` from N to N + 1.
 * Frozen: a store written by an older console is brought to version 9 with these, and from there the
 * migrations of `schema-migrations.ts` (one set for both engines) take over. Never edit one.
 */
export const sqliteHistory: readonly string[] = [
  `
  CREATE TABLE operators (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL CHECK (role IN ('admin', 'moderator', 'support')),
    password_hash TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    password_changed_at INTEGER NOT NULL
  );

  -- Only a hash of the cookie value is stored, so a copy of the database holds no usable session.
  CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    operator_id INTEGER NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL
  );
  CREATE INDEX sessions_operator ON sessions(operator_id);

  CREATE TABLE sign_in_tokens (
    token_hash TEXT PRIMARY KEY,
    operator_id INTEGER NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  );

  CREATE TABLE login_failures (
    id INTEGER PRIMARY KEY,
    scope TEXT NOT NULL,
    subject TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX login_failures_subject ON login_failures(scope, subject, at);

  CREATE TABLE audit (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    request_id TEXT NOT NULL,
    operator TEXT,
    role TEXT,
    action TEXT NOT NULL,
    operation TEXT NOT NULL,
    target TEXT,
    on_behalf_of TEXT,
    reason TEXT,
    status INTEGER NOT NULL,
    upstream_status INTEGER,
    outcome TEXT NOT NULL CHECK (outcome IN ('ok', 'denied', 'failed')),
    detail TEXT,
    duration_ms INTEGER NOT NULL
  );
  CREATE INDEX audit_at ON audit(at);
  CREATE INDEX audit_operator ON audit(operator, at);
  `,
  `
  -- The service has no read of a role's current permission map; its permission writes answer with
  -- the whole map. Every such answer is kept (history); the latest per role is what the editor shows.
  CREATE TABLE reported_permissions (
    id INTEGER PRIMARY KEY,
    role TEXT NOT NULL,
    permissions TEXT NOT NULL,
    reported_at INTEGER NOT NULL,
    reported_by TEXT NOT NULL,
    operation TEXT NOT NULL CHECK (operation IN ('PUT', 'DELETE')),
    request_id TEXT NOT NULL
  );
  CREATE INDEX reported_permissions_role ON reported_permissions(role, reported_at, id);
  `,
  `
  -- Audit before acting (decision 0011): an intent row is written before a write is sent and completed
  -- after, so status and duration are unknown while it is pending. Targets become a JSON object
  -- (legacy_audit_targets() reads the old \`key=value\` text); identical unauthenticated refusals share
  -- a row (repeat_count, last_at, client). Old \`failed\` rows are re-read with the new outcomes:
  -- a 4xx of the service was a refusal, and a timeout, a 5xx, a broken connection or a browser that
  -- left may have been applied.
  CREATE TABLE audit_next (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    request_id TEXT NOT NULL,
    operator TEXT,
    role TEXT,
    action TEXT NOT NULL,
    operation TEXT NOT NULL,
    targets TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(targets) AND json_type(targets) = 'object'),
    on_behalf_of TEXT,
    reason TEXT,
    status INTEGER,
    upstream_status INTEGER,
    outcome TEXT NOT NULL
      CHECK (outcome IN ('ok', 'refused', 'failed', 'unknown', 'denied', 'pending')),
    detail TEXT,
    duration_ms INTEGER,
    client TEXT,
    repeat_count INTEGER NOT NULL DEFAULT 1 CHECK (repeat_count >= 1),
    last_at INTEGER
  );
  INSERT INTO audit_next (id, at, request_id, operator, role, action, operation, targets,
      on_behalf_of, reason, status, upstream_status, outcome, detail, duration_ms)
    SELECT id, at, request_id, operator, role, action, operation, legacy_audit_targets(target),
      on_behalf_of, reason, status, upstream_status,
      CASE
        WHEN outcome <> 'failed' THEN outcome
        WHEN upstream_status BETWEEN 400 AND 499 THEN 'refused'
        ELSE 'unknown'
      END,
      detail, duration_ms
    FROM audit;
  DROP TABLE audit;
  ALTER TABLE audit_next RENAME TO audit;
  CREATE INDEX audit_at ON audit(at);
  CREATE INDEX audit_operator ON audit(operator, at);
  CREATE INDEX audit_pending ON audit(outcome) WHERE outcome = 'pending';
  `,
  `
  -- Claims of the live queue (decision 0014): who is reviewing which blocked message, until when. One
  -- row per message; replicas sharing this store see each other's claims.
  CREATE TABLE queue_claims (
    message_id TEXT PRIMARY KEY,
    operator TEXT NOT NULL,
    claimed_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX queue_claims_operator ON queue_claims(operator);
  `,
  `
  -- Decisions and bans carry the operator's own words (decision 0015): a moderation reason picked from
  -- the service's list (its name stays in \`reason\`, its id here) and a free note. The console keeps
  -- both; the chat service never sees them.
  ALTER TABLE audit ADD COLUMN note TEXT;
  ALTER TABLE audit ADD COLUMN reason_id TEXT;
  `,
  `
  -- Moderation insights (decision 0016): samples of the blocked-messages queue taken by the console's
  -- poll (size and the oldest item's sentAt, seconds), kept 31 days; and an index so the figures read
  -- only the decisions of a range, not the whole audit trail.
  CREATE TABLE queue_samples (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    size INTEGER NOT NULL CHECK (size >= 0),
    oldest_sent_at REAL
  );
  CREATE INDEX queue_samples_at ON queue_samples(at);
  CREATE INDEX audit_action_at ON audit(action, at);
  `,
  `
  -- Single sign-on (decision 0018): an operator created by the identity provider is tied to its
  -- subject (no password; its role follows the provider's groups at each sign-in). A sign-in in
  -- progress keeps its state, nonce and PKCE verifier here, keyed by the hash of a browser cookie and
  -- spent once, so any replica can finish it.
  ALTER TABLE operators ADD COLUMN sso_subject TEXT;
  CREATE UNIQUE INDEX operators_sso_subject ON operators(sso_subject) WHERE sso_subject IS NOT NULL;
  CREATE TABLE sso_sign_ins (
    id_hash TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    nonce TEXT NOT NULL,
    code_verifier TEXT NOT NULL,
    return_to TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  );
  `,
  `
  -- Operator security (decision 0017): a password set by an admin or the CLI is initial and must be
  -- replaced at the next sign-in; the last sign-in is kept; sessions get a public id (never the token
  -- hash) so an admin can list and revoke them, and say which client holds them.
  ALTER TABLE operators ADD COLUMN must_change_password INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE operators ADD COLUMN last_sign_in_at INTEGER;
  ALTER TABLE sessions ADD COLUMN id TEXT;
  ALTER TABLE sessions ADD COLUMN user_agent TEXT;
  ALTER TABLE sessions ADD COLUMN client TEXT;
  UPDATE sessions SET id = lower(hex(randomblob(12))) WHERE id IS NULL;
  CREATE UNIQUE INDEX sessions_id ON sessions(id);
  `,
  `
  -- Moderation insights (decision 0016): what the console learnt of each blocked message from the
  -- service's blocked and reviewed lists it forwarded or read (the rule that blocked it and when it
  -- was sent, seconds), so a decision's rule and time to decision are known without another call.
  CREATE TABLE moderation_items (
    message_id TEXT PRIMARY KEY,
    rule_id TEXT NOT NULL,
    rule_name TEXT,
    sent_at INTEGER,
    seen_at INTEGER NOT NULL
  );
  CREATE INDEX moderation_items_seen ON moderation_items(seen_at);
  `,
];
