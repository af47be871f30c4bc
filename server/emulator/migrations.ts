/**
 * Numbered schema migrations. Append only: a released migration is never edited, a change is a new entry.
 * Timestamps are Unix seconds; JSON columns hold the wire shapes that have no query needs.
 */
export const migrations: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
CREATE TABLE roles (
  role TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT,
  metadata TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE TABLE role_permissions (
  role TEXT NOT NULL REFERENCES roles(role) ON DELETE CASCADE,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (role, key)
) WITHOUT ROWID;

CREATE TABLE users (
  uid TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  avatar TEXT,
  link TEXT,
  metadata TEXT,
  status TEXT NOT NULL CHECK (status IN ('available', 'offline')),
  status_message TEXT,
  role TEXT NOT NULL REFERENCES roles(role),
  tags TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  last_active_at INTEGER,
  deactivated_at INTEGER
) WITHOUT ROWID;
CREATE INDEX users_by_name ON users(lower(name), uid);
CREATE INDEX users_by_role ON users(role);

CREATE TABLE groups (
  guid TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('public', 'private', 'password')),
  description TEXT,
  icon TEXT,
  metadata TEXT,
  owner TEXT REFERENCES users(uid),
  tags TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX groups_by_name ON groups(lower(name), guid);
CREATE TABLE group_members (
  guid TEXT NOT NULL REFERENCES groups(guid) ON DELETE CASCADE,
  uid TEXT NOT NULL REFERENCES users(uid),
  scope TEXT NOT NULL CHECK (scope IN ('admin', 'moderator', 'participant')),
  joined_at INTEGER NOT NULL,
  PRIMARY KEY (guid, uid)
) WITHOUT ROWID;
CREATE TABLE group_bans (
  guid TEXT NOT NULL REFERENCES groups(guid) ON DELETE CASCADE,
  uid TEXT NOT NULL REFERENCES users(uid),
  banned_at INTEGER NOT NULL,
  PRIMARY KEY (guid, uid)
) WITHOUT ROWID;
CREATE INDEX group_bans_page ON group_bans(guid, banned_at DESC, uid);

CREATE TABLE messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  muid TEXT,
  conversation_id TEXT NOT NULL,
  sender TEXT NOT NULL,
  receiver_type TEXT NOT NULL CHECK (receiver_type IN ('user', 'group')),
  receiver TEXT NOT NULL,
  category TEXT NOT NULL,
  type TEXT NOT NULL,
  data TEXT NOT NULL,
  tags TEXT,
  sent_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  edited_at INTEGER,
  edited_by TEXT,
  deleted_at INTEGER,
  deleted_by TEXT,
  delivered_at INTEGER,
  moderation TEXT CHECK (moderation IN ('pending', 'approved', 'disapproved'))
);
CREATE INDEX messages_by_conversation ON messages(conversation_id, id);
CREATE INDEX messages_by_sender ON messages(sender, id);
CREATE INDEX messages_by_sent_at ON messages(sent_at, id);

CREATE TABLE reactions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
  reaction TEXT NOT NULL,
  uid TEXT NOT NULL REFERENCES users(uid),
  reacted_at INTEGER NOT NULL,
  UNIQUE (message_id, reaction, uid)
);
CREATE INDEX reactions_by_message ON reactions(message_id, id);
CREATE INDEX reactions_by_kind ON reactions(message_id, reaction, id);
CREATE TABLE reaction_counts (
  message_id INTEGER NOT NULL,
  reaction TEXT NOT NULL,
  count INTEGER NOT NULL,
  first_id INTEGER NOT NULL,
  PRIMARY KEY (message_id, reaction)
) WITHOUT ROWID;
CREATE TRIGGER reactions_count_up AFTER INSERT ON reactions BEGIN
  INSERT INTO reaction_counts (message_id, reaction, count, first_id) VALUES (NEW.message_id, NEW.reaction, 1, NEW.id)
  ON CONFLICT (message_id, reaction) DO UPDATE SET count = count + 1;
END;
CREATE TRIGGER reactions_count_down AFTER DELETE ON reactions BEGIN
  UPDATE reaction_counts SET count = count - 1 WHERE message_id = OLD.message_id AND reaction = OLD.reaction;
  DELETE FROM reaction_counts WHERE message_id = OLD.message_id AND reaction = OLD.reaction AND count <= 0;
END;

CREATE TABLE blocked_messages (
  message_id INTEGER PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE,
  rule_id TEXT NOT NULL,
  rule_name TEXT NOT NULL,
  revision_id TEXT,
  condition TEXT NOT NULL,
  action TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  reviewed INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX blocked_by_status ON blocked_messages(status, message_id);

CREATE TABLE moderation_reasons (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  is_default INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE notification_preferences (
  uid TEXT PRIMARY KEY REFERENCES users(uid),
  overrides TEXT NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
`,
  },
  {
    version: 2,
    name: 'users as a rowid table, indexed by state and name',
    // SQLite's table-rebuild procedure (foreign keys are off while migrations run, and checked before commit).
    // A rowid table lets list pages skip rows through the index alone: a 100,000-user page is 10x faster.
    sql: `
CREATE TABLE users_new (
  uid TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  avatar TEXT,
  link TEXT,
  metadata TEXT,
  status TEXT NOT NULL CHECK (status IN ('available', 'offline')),
  status_message TEXT,
  role TEXT NOT NULL REFERENCES roles(role),
  tags TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  last_active_at INTEGER,
  deactivated_at INTEGER
);
INSERT INTO users_new (uid, name, avatar, link, metadata, status, status_message, role, tags, created_at, updated_at, last_active_at, deactivated_at)
  SELECT uid, name, avatar, link, metadata, status, status_message, role, tags, created_at, updated_at, last_active_at, deactivated_at FROM users;
DROP TABLE users;
ALTER TABLE users_new RENAME TO users;
CREATE INDEX users_by_name ON users(lower(name), uid);
CREATE INDEX users_by_state_name ON users(deactivated_at, lower(name), uid);
CREATE INDEX users_by_role ON users(role, deactivated_at, lower(name), uid);
`,
  },
  {
    version: 3,
    name: 'list totals kept by triggers',
    // The total of a page-style list is otherwise a count over every index entry of the list on
    // every read. Kept in the same transaction as the rows, like reaction_counts, so always exact.
    sql: `
CREATE TABLE group_ban_counts (
  guid TEXT PRIMARY KEY,
  count INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO group_ban_counts (guid, count) SELECT guid, count(*) FROM group_bans GROUP BY guid;
CREATE TRIGGER group_bans_count_up AFTER INSERT ON group_bans BEGIN
  INSERT INTO group_ban_counts (guid, count) VALUES (NEW.guid, 1) ON CONFLICT (guid) DO UPDATE SET count = count + 1;
END;
CREATE TRIGGER group_bans_count_down AFTER DELETE ON group_bans BEGIN
  UPDATE group_ban_counts SET count = count - 1 WHERE guid = OLD.guid;
  DELETE FROM group_ban_counts WHERE guid = OLD.guid AND count <= 0;
END;
CREATE TRIGGER group_bans_count_move AFTER UPDATE OF guid ON group_bans WHEN OLD.guid IS NOT NEW.guid BEGIN
  UPDATE group_ban_counts SET count = count - 1 WHERE guid = OLD.guid;
  DELETE FROM group_ban_counts WHERE guid = OLD.guid AND count <= 0;
  INSERT INTO group_ban_counts (guid, count) VALUES (NEW.guid, 1) ON CONFLICT (guid) DO UPDATE SET count = count + 1;
END;

-- Users by the three things a list filters on without a search: role, status and active or not.
CREATE TABLE user_counts (
  role TEXT NOT NULL,
  status TEXT NOT NULL,
  active INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (role, status, active)
) WITHOUT ROWID;
INSERT INTO user_counts (role, status, active, count) SELECT role, status, deactivated_at IS NULL, count(*) FROM users GROUP BY 1, 2, 3;
CREATE TRIGGER users_count_up AFTER INSERT ON users BEGIN
  INSERT INTO user_counts (role, status, active, count) VALUES (NEW.role, NEW.status, NEW.deactivated_at IS NULL, 1)
  ON CONFLICT (role, status, active) DO UPDATE SET count = count + 1;
END;
CREATE TRIGGER users_count_down AFTER DELETE ON users BEGIN
  UPDATE user_counts SET count = count - 1 WHERE role = OLD.role AND status = OLD.status AND active = (OLD.deactivated_at IS NULL);
  DELETE FROM user_counts WHERE role = OLD.role AND status = OLD.status AND active = (OLD.deactivated_at IS NULL) AND count <= 0;
END;
CREATE TRIGGER users_count_move AFTER UPDATE OF role, status, deactivated_at ON users
WHEN OLD.role IS NOT NEW.role OR OLD.status IS NOT NEW.status OR (OLD.deactivated_at IS NULL) IS NOT (NEW.deactivated_at IS NULL) BEGIN
  UPDATE user_counts SET count = count - 1 WHERE role = OLD.role AND status = OLD.status AND active = (OLD.deactivated_at IS NULL);
  DELETE FROM user_counts WHERE role = OLD.role AND status = OLD.status AND active = (OLD.deactivated_at IS NULL) AND count <= 0;
  INSERT INTO user_counts (role, status, active, count) VALUES (NEW.role, NEW.status, NEW.deactivated_at IS NULL, 1)
  ON CONFLICT (role, status, active) DO UPDATE SET count = count + 1;
END;
`,
  },
  {
    version: 4,
    name: 'role settings',
    // The legacy role settings (`listUsers`, `sendMessagesTo`) the documented role record carries.
    sql: `ALTER TABLE roles ADD COLUMN settings TEXT;`,
  },
  {
    version: 5,
    name: 'text-rule conditions state their message as a string',
    // The service sends `condition.message` as a string for text rules and as a list for image rules.
    sql: `
UPDATE blocked_messages SET condition = json_set(condition, '$.message', json_extract(condition, '$.message[0]'))
WHERE json_extract(condition, '$.operand') = 'text' AND json_type(condition, '$.message') = 'array';
`,
  },
  {
    version: 6,
    name: 'flagged messages',
    // One row per flagged message (its review state, and the rule when a rule flagged it), one per
    // report. A report keeps the reason's name and description as they were, as the service lists them.
    sql: `
CREATE TABLE flagged_messages (
  message_id INTEGER PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE,
  rule_id TEXT,
  rule_name TEXT,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'disapproved')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX flagged_by_status ON flagged_messages(status, updated_at, message_id);
CREATE TABLE message_flags (
  message_id INTEGER NOT NULL REFERENCES flagged_messages(message_id) ON DELETE CASCADE,
  uid TEXT NOT NULL,
  reason_id TEXT NOT NULL,
  reason_name TEXT,
  reason_description TEXT,
  remark TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (message_id, uid)
) WITHOUT ROWID;
`,
  },
];
