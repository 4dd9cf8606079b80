/**
 * Schema migrations, applied in id order and never edited once landed: a change is a new
 * entry. Each area of the broker appends its own tables here.
 */
export interface Migration {
  id: number;
  name: string;
  sql: string;
}

export const migrations: Migration[] = [
  {
    id: 1,
    name: "users and sessions",
    sql: `
      CREATE TABLE users (
        user_id TEXT PRIMARY KEY,
        client_name TEXT NOT NULL,
        mobile TEXT NOT NULL,
        email TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        account_status TEXT NOT NULL DEFAULT 'ACTIVE',
        exchanges TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE sessions (
        access_token TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(user_id),
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        revoked INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX sessions_user ON sessions(user_id);
    `,
  },
  {
    id: 2,
    name: "user settings",
    sql: `
      CREATE TABLE settings (
        user_id TEXT NOT NULL REFERENCES users(user_id),
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (user_id, key)
      );
    `,
  },
  {
    id: 500,
    name: "gtt orders and the form-token secret",
    sql: `
      CREATE TABLE gtt_secrets (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE gtts (
        gtt_id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(user_id),
        exchange TEXT NOT NULL,
        token INTEGER NOT NULL,
        buy_sell TEXT NOT NULL,
        trigger_type TEXT NOT NULL,
        qty INTEGER NOT NULL,
        trigger1 REAL NOT NULL,
        price1 REAL NOT NULL,
        trigger2 REAL NOT NULL,
        price2 REAL NOT NULL,
        state TEXT NOT NULL DEFAULT 'ACTIVE',
        triggered_leg INTEGER,
        order_no TEXT,
        note TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX gtts_user_state ON gtts(user_id, state);
    `,
  },
];
