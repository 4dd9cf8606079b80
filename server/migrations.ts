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
  // 200-299: market data (watchlists, recently viewed).
  {
    id: 200,
    name: "watchlists and recently viewed",
    sql: `
      CREATE TABLE mw_lists (
        user_id TEXT NOT NULL REFERENCES users(user_id),
        mw_id INTEGER NOT NULL,
        mw_name TEXT NOT NULL,
        PRIMARY KEY (user_id, mw_id)
      );
      CREATE TABLE mw_scrips (
        user_id TEXT NOT NULL,
        mw_id INTEGER NOT NULL,
        exchange TEXT NOT NULL,
        token INTEGER NOT NULL,
        sorting_order INTEGER NOT NULL,
        added_at TEXT NOT NULL,
        PRIMARY KEY (user_id, mw_id, exchange, token),
        FOREIGN KEY (user_id, mw_id) REFERENCES mw_lists(user_id, mw_id)
      );
      CREATE TABLE recently_viewed (
        user_id TEXT NOT NULL REFERENCES users(user_id),
        exchange TEXT NOT NULL,
        token INTEGER NOT NULL,
        viewed_at TEXT NOT NULL,
        PRIMARY KEY (user_id, exchange, token)
      );
    `,
  },
];
