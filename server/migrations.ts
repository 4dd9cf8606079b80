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
    id: 100,
    name: "auth: keys, account security state, one-time codes, dev outbox, SSO vendors",
    sql: `
      CREATE TABLE auth_server_key (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        public_pem TEXT NOT NULL,
        private_pem TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE auth_client_keys (
        kid TEXT PRIMARY KEY,
        public_pem TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE auth_accounts (
        user_id TEXT PRIMARY KEY REFERENCES users(user_id),
        pan TEXT,
        wrong_passwords INTEGER NOT NULL DEFAULT 0,
        blocked INTEGER NOT NULL DEFAULT 0,
        admin_blocked INTEGER NOT NULL DEFAULT 0,
        frozen INTEGER NOT NULL DEFAULT 0,
        password_expires_at INTEGER,
        wrong_otps INTEGER NOT NULL DEFAULT 0,
        otp_locked_until INTEGER,
        login_locked_until INTEGER,
        totp_secret TEXT,
        totp_last_step INTEGER,
        totp_pending_secret TEXT
      );
      CREATE TABLE auth_attempts (
        user_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        at INTEGER NOT NULL
      );
      CREATE INDEX auth_attempts_user ON auth_attempts(user_id, kind, at);
      CREATE TABLE auth_otps (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id TEXT NOT NULL,
        purpose TEXT NOT NULL,
        code TEXT NOT NULL,
        sent_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX auth_otps_user ON auth_otps(user_id, purpose, sent_at);
      CREATE TABLE auth_pending (
        user_id TEXT NOT NULL,
        purpose TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (user_id, purpose)
      );
      CREATE TABLE dev_outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id TEXT NOT NULL,
        channel TEXT NOT NULL,
        code TEXT NOT NULL,
        text TEXT NOT NULL,
        at TEXT NOT NULL
      );
      CREATE INDEX dev_outbox_user ON dev_outbox(user_id, id);
      CREATE TABLE sso_vendors (
        appkey TEXT PRIMARY KEY,
        app_name TEXT NOT NULL,
        sso_type TEXT NOT NULL CHECK (sso_type IN ('VENDOR', 'SELF')),
        redirect_url TEXT NOT NULL
      );
      CREATE TABLE sso_auth_codes (
        code TEXT PRIMARY KEY,
        appkey TEXT NOT NULL REFERENCES sso_vendors(appkey),
        user_id TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        used INTEGER NOT NULL DEFAULT 0
      );
      INSERT INTO sso_vendors (appkey, app_name, sso_type, redirect_url)
        VALUES ('demo-vendor', 'Demo Vendor App', 'VENDOR', '{origin}/sso-demo/callback');
    `,
  },
  {
    id: 101,
    name: "auth: proofs and one-time codes bound to the client key (kid) and device that proved them",
    // Proofs last minutes, so those made before this migration are simply dropped.
    sql: `
      DROP TABLE auth_pending;
      CREATE TABLE auth_pending (
        user_id TEXT NOT NULL,
        purpose TEXT NOT NULL,
        kid TEXT NOT NULL,
        device_id TEXT,
        at INTEGER NOT NULL,
        PRIMARY KEY (user_id, purpose)
      );
      ALTER TABLE auth_otps ADD COLUMN kid TEXT NOT NULL DEFAULT '';
    `,
  },
  // Orders and portfolio (ids 300-399). Rows keep the engine's record as JSON next to the
  // columns the queries need, so the record can grow without a migration per field.
  {
    id: 300,
    name: "orders, order history, trades, client order keys",
    sql: `
      CREATE TABLE orders (
        broker_order_id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(user_id),
        seq INTEGER NOT NULL UNIQUE,
        working INTEGER NOT NULL,
        day TEXT NOT NULL,
        data TEXT NOT NULL
      );
      CREATE INDEX orders_user ON orders(user_id, seq);
      CREATE INDEX orders_working ON orders(working);
      CREATE TABLE order_history (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        broker_order_id TEXT NOT NULL REFERENCES orders(broker_order_id),
        data TEXT NOT NULL
      );
      CREATE INDEX order_history_order ON order_history(broker_order_id, id);
      CREATE TABLE trades (
        trade_id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(user_id),
        broker_order_id TEXT NOT NULL REFERENCES orders(broker_order_id),
        seq INTEGER NOT NULL,
        day TEXT NOT NULL,
        data TEXT NOT NULL
      );
      CREATE INDEX trades_user ON trades(user_id, seq);
      CREATE TABLE client_order_keys (
        user_id TEXT NOT NULL REFERENCES users(user_id),
        client_order_key TEXT NOT NULL,
        result TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (user_id, client_order_key)
      );
    `,
  },
  {
    id: 301,
    name: "positions, holdings, funds, surveillance answers",
    sql: `
      CREATE TABLE positions (
        user_id TEXT NOT NULL REFERENCES users(user_id),
        exchange TEXT NOT NULL,
        token INTEGER NOT NULL,
        product TEXT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (user_id, exchange, token, product)
      );
      CREATE TABLE holdings (
        user_id TEXT NOT NULL REFERENCES users(user_id),
        isin TEXT NOT NULL,
        product TEXT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (user_id, isin, product)
      );
      CREATE TABLE funds (
        user_id TEXT NOT NULL REFERENCES users(user_id),
        segment TEXT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (user_id, segment)
      );
      CREATE TABLE portfolio_seeded (
        user_id TEXT PRIMARY KEY REFERENCES users(user_id),
        seeded_at TEXT NOT NULL
      );
      CREATE TABLE asm_gsm_answers (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id TEXT NOT NULL REFERENCES users(user_id),
        scripcode TEXT NOT NULL,
        exch TEXT NOT NULL,
        exch_type TEXT NOT NULL,
        client_response TEXT NOT NULL,
        msg_content TEXT NOT NULL,
        at TEXT NOT NULL
      );
    `,
  },
  {
    // Issue 18: orders and trades in columns instead of one JSON document per row, and an order's
    // history as JSON lines in its own row (server/orders/rows.ts), so that the engine writes an
    // order once per change set. The sequence numbers are the row ids (a trade's id is its
    // sequence's text, written once and never looked up); only working orders are in the working
    // index. Each history line lists, in order: $orderStatus, quantity, pendingQuantity, filledQuantity, cancelledQuantity, price, triggerPrice, slTriggerPrice, stopLossPrice, targetPrice, trailingSlAmount, disclosedQuantity, averageTradedPrice, marketProtection, orderTag, orderType, validity, gtdValidityDate, rejectionReason, orderTime.
    id: 310,
    name: "orders and trades in columns, history in the order's row",
    sql: `
      CREATE TABLE orders_v2 (
        seq INTEGER PRIMARY KEY,
        broker_order_id TEXT NOT NULL UNIQUE,
        user_id TEXT NOT NULL REFERENCES users(user_id),
        working INTEGER NOT NULL,
        day TEXT NOT NULL,
        main_leg_order_id TEXT NOT NULL,
        exchange TEXT NOT NULL,
        token INTEGER NOT NULL,
        trading_symbol TEXT NOT NULL,
        ins_type TEXT NOT NULL,
        transaction_type TEXT NOT NULL,
        product TEXT NOT NULL,
        order_complexity TEXT NOT NULL,
        algo_id TEXT NOT NULL,
        client_order_key TEXT NOT NULL,
        order_status TEXT NOT NULL,
        quantity INTEGER NOT NULL,
        pending_quantity INTEGER NOT NULL,
        filled_quantity INTEGER NOT NULL,
        cancelled_quantity INTEGER NOT NULL,
        price REAL,
        trigger_price REAL,
        sl_trigger_price REAL,
        stop_loss_price REAL,
        target_price REAL,
        trailing_sl_amount REAL,
        disclosed_quantity INTEGER,
        average_traded_price REAL,
        market_protection REAL,
        order_tag TEXT NOT NULL,
        order_type TEXT NOT NULL,
        validity TEXT NOT NULL,
        gtd_validity_date TEXT,
        rejection_reason TEXT NOT NULL,
        order_time TEXT NOT NULL,
        blocked_span REAL,
        blocked_exposure REAL,
        blocked_premium REAL,
        blocked_cash REAL,
        blocked_total REAL,
        triggered INTEGER NOT NULL,
        protection_price REAL,
        trail_ref REAL,
        trail_best REAL,
        session_day TEXT NOT NULL,
        filled_value REAL,
        history TEXT NOT NULL
      );
      INSERT INTO orders_v2
      SELECT o.seq, o.broker_order_id, o.user_id, o.working, o.day,
        COALESCE(json_extract(o.data, '$.mainLegOrderId'), ''), json_extract(o.data, '$.exchange'), json_extract(o.data, '$.tokenNo'), json_extract(o.data, '$.tradingSymbol'), COALESCE(json_extract(o.data, '$.insType'), ''),
        json_extract(o.data, '$.transactionType'), json_extract(o.data, '$.product'), json_extract(o.data, '$.orderComplexity'), COALESCE(json_extract(o.data, '$.algoId'), ''), COALESCE(json_extract(o.data, '$.clientOrderKey'), ''),
        json_extract(o.data, '$.orderStatus'), json_extract(o.data, '$.quantity'), json_extract(o.data, '$.pendingQuantity'), json_extract(o.data, '$.filledQuantity'), COALESCE(json_extract(o.data, '$.cancelledQuantity'), 0),
        json_extract(o.data, '$.price'), json_extract(o.data, '$.triggerPrice'), json_extract(o.data, '$.slTriggerPrice'), json_extract(o.data, '$.stopLossPrice'), json_extract(o.data, '$.targetPrice'), json_extract(o.data, '$.trailingSlAmount'),
        json_extract(o.data, '$.disclosedQuantity'), json_extract(o.data, '$.averageTradedPrice'), json_extract(o.data, '$.marketProtection'),
        COALESCE(json_extract(o.data, '$.orderTag'), ''), json_extract(o.data, '$.orderType'), json_extract(o.data, '$.validity'), json_extract(o.data, '$.gtdValidityDate'), COALESCE(json_extract(o.data, '$.rejectionReason'), ''), COALESCE(json_extract(o.data, '$.orderTime'), ''),
        json_extract(o.data, '$.blocked.span'), json_extract(o.data, '$.blocked.exposure'), json_extract(o.data, '$.blocked.premium'), json_extract(o.data, '$.blocked.cash'), json_extract(o.data, '$.blocked.total'),
        COALESCE(json_extract(o.data, '$.triggered'), 0), json_extract(o.data, '$.protectionPrice'), json_extract(o.data, '$.trailRef'), json_extract(o.data, '$.trailBest'), COALESCE(json_extract(o.data, '$.sessionDay'), ''), json_extract(o.data, '$.filledValue'),
        COALESCE((SELECT group_concat(json_array(json_extract(h.data, '$.orderStatus'), json_extract(h.data, '$.quantity'), json_extract(h.data, '$.pendingQuantity'), json_extract(h.data, '$.filledQuantity'), json_extract(h.data, '$.cancelledQuantity'), json_extract(h.data, '$.price'), json_extract(h.data, '$.triggerPrice'), json_extract(h.data, '$.slTriggerPrice'), json_extract(h.data, '$.stopLossPrice'), json_extract(h.data, '$.targetPrice'), json_extract(h.data, '$.trailingSlAmount'), json_extract(h.data, '$.disclosedQuantity'), json_extract(h.data, '$.averageTradedPrice'), json_extract(h.data, '$.marketProtection'), json_extract(h.data, '$.orderTag'), json_extract(h.data, '$.orderType'), json_extract(h.data, '$.validity'), json_extract(h.data, '$.gtdValidityDate'), json_extract(h.data, '$.rejectionReason'), json_extract(h.data, '$.orderTime')) || char(10), '' ORDER BY h.id) FROM order_history h WHERE h.broker_order_id = o.broker_order_id), '')
      FROM orders o;
      CREATE TABLE trades_v2 (
        seq INTEGER PRIMARY KEY,
        trade_id TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES users(user_id),
        broker_order_id TEXT NOT NULL REFERENCES orders_v2(broker_order_id),
        day TEXT NOT NULL,
        exchange TEXT NOT NULL,
        token INTEGER NOT NULL,
        trading_symbol TEXT NOT NULL,
        transaction_type TEXT NOT NULL,
        product TEXT NOT NULL,
        order_type TEXT NOT NULL,
        order_complexity TEXT NOT NULL,
        filled_quantity INTEGER NOT NULL,
        traded_price REAL NOT NULL,
        trade_time TEXT NOT NULL,
        charges REAL NOT NULL
      );
      INSERT INTO trades_v2
      SELECT t.seq, t.trade_id, t.user_id, t.broker_order_id, t.day,
        json_extract(t.data, '$.exchange'), CAST(json_extract(t.data, '$.token') AS INTEGER), json_extract(t.data, '$.tradingSymbol'),
        json_extract(t.data, '$.transactionType'), json_extract(t.data, '$.product'), json_extract(t.data, '$.orderType'), json_extract(t.data, '$.orderComplexity'),
        json_extract(t.data, '$.filledQuantity'), json_extract(t.data, '$.tradedPrice'), json_extract(t.data, '$.tradeTime'), COALESCE(json_extract(t.data, '$.charges'), 0)
      FROM trades t;
      DROP TABLE order_history;
      DROP TABLE trades;
      DROP TABLE orders;
      ALTER TABLE orders_v2 RENAME TO orders;
      ALTER TABLE trades_v2 RENAME TO trades;
      CREATE INDEX orders_user ON orders(user_id, seq);
      CREATE INDEX orders_working ON orders(seq) WHERE working = 1;
      CREATE INDEX trades_user ON trades(user_id, seq);
    `,
  },
  {
    // Issue 18: an order's number is its day and its sequence (server/orders/orderId.ts), and the
    // sequence is the row's key, so the number needs no index of its own: every order written paid
    // for one. Trades name their order by its sequence (order_seq, the foreign key), and keep its
    // number as text for reading. SQLite drops a UNIQUE constraint only by rebuilding the table.
    id: 311,
    name: "orders found by their sequence, trades name their order's sequence",
    sql: `
      CREATE TABLE orders_v3 (
        seq INTEGER PRIMARY KEY,
        broker_order_id TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES users(user_id),
        working INTEGER NOT NULL,
        day TEXT NOT NULL,
        main_leg_order_id TEXT NOT NULL,
        exchange TEXT NOT NULL,
        token INTEGER NOT NULL,
        trading_symbol TEXT NOT NULL,
        ins_type TEXT NOT NULL,
        transaction_type TEXT NOT NULL,
        product TEXT NOT NULL,
        order_complexity TEXT NOT NULL,
        algo_id TEXT NOT NULL,
        client_order_key TEXT NOT NULL,
        order_status TEXT NOT NULL,
        quantity INTEGER NOT NULL,
        pending_quantity INTEGER NOT NULL,
        filled_quantity INTEGER NOT NULL,
        cancelled_quantity INTEGER NOT NULL,
        price REAL,
        trigger_price REAL,
        sl_trigger_price REAL,
        stop_loss_price REAL,
        target_price REAL,
        trailing_sl_amount REAL,
        disclosed_quantity INTEGER,
        average_traded_price REAL,
        market_protection REAL,
        order_tag TEXT NOT NULL,
        order_type TEXT NOT NULL,
        validity TEXT NOT NULL,
        gtd_validity_date TEXT,
        rejection_reason TEXT NOT NULL,
        order_time TEXT NOT NULL,
        blocked_span REAL,
        blocked_exposure REAL,
        blocked_premium REAL,
        blocked_cash REAL,
        blocked_total REAL,
        triggered INTEGER NOT NULL,
        protection_price REAL,
        trail_ref REAL,
        trail_best REAL,
        session_day TEXT NOT NULL,
        filled_value REAL,
        history TEXT NOT NULL
      );
      INSERT INTO orders_v3 SELECT * FROM orders;
      CREATE TABLE trades_v3 (
        seq INTEGER PRIMARY KEY,
        trade_id TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES users(user_id),
        broker_order_id TEXT NOT NULL,
        day TEXT NOT NULL,
        exchange TEXT NOT NULL,
        token INTEGER NOT NULL,
        trading_symbol TEXT NOT NULL,
        transaction_type TEXT NOT NULL,
        product TEXT NOT NULL,
        order_type TEXT NOT NULL,
        order_complexity TEXT NOT NULL,
        filled_quantity INTEGER NOT NULL,
        traded_price REAL NOT NULL,
        trade_time TEXT NOT NULL,
        charges REAL NOT NULL,
        order_seq INTEGER NOT NULL REFERENCES orders_v3(seq)
      );
      INSERT INTO trades_v3
      SELECT t.seq, t.trade_id, t.user_id, t.broker_order_id, t.day, t.exchange, t.token, t.trading_symbol, t.transaction_type, t.product,
        t.order_type, t.order_complexity, t.filled_quantity, t.traded_price, t.trade_time, t.charges, o.seq
      FROM trades t JOIN orders o ON o.broker_order_id = t.broker_order_id;
      DROP TABLE trades;
      DROP TABLE orders;
      ALTER TABLE orders_v3 RENAME TO orders;
      ALTER TABLE trades_v3 RENAME TO trades;
      CREATE INDEX orders_user ON orders(user_id, seq);
      CREATE INDEX orders_working ON orders(seq) WHERE working = 1;
      CREATE INDEX trades_user ON trades(user_id, seq);
    `,
  },
  {
    // Issue 28: a holding keeps its settled shares and their average apart from today's bought
    // (T1) shares and their cost, and counts settled shares sold today (server/portfolio/holding.ts).
    // A folder written before kept one average over both; what its T1 shares cost is not known
    // apart, so they are costed at that average: every holding shows what it showed before.
    id: 320,
    name: "holdings keep settled shares apart from today's (T1) and their cost",
    sql: `
      UPDATE holdings SET data = json_remove(
        json_set(data,
          '$.settledQuantity', json_extract(data, '$.totalQuantity') - json_extract(data, '$.t1Quantity'),
          '$.settledAveragePrice', json_extract(data, '$.averageTradedPrice'),
          '$.t1Value', json_extract(data, '$.t1Quantity') * json_extract(data, '$.averageTradedPrice'),
          '$.soldTodayQuantity', 0),
        '$.totalQuantity', '$.averageTradedPrice');
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
  // 290-299: the simulated day (issue 29), kept apart from 201 on so that other market-data
  // tables can take the next ids. A restart of the same trading day carries on from these.
  {
    id: 290,
    name: "simulated day and order-rate sends",
    sql: `
      CREATE TABLE sim_day (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        day TEXT NOT NULL,
        sim_time TEXT NOT NULL,
        market_rng TEXT NOT NULL
      );
      CREATE TABLE sim_instruments (
        instrument TEXT PRIMARY KEY,
        day TEXT NOT NULL,
        state TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE sim_bars (
        instrument TEXT NOT NULL,
        minute INTEGER NOT NULL,
        open REAL NOT NULL,
        high REAL NOT NULL,
        low REAL NOT NULL,
        close REAL NOT NULL,
        volume REAL NOT NULL,
        PRIMARY KEY (instrument, minute)
      ) WITHOUT ROWID;
      CREATE TABLE order_rate_sends (
        user_id TEXT PRIMARY KEY,
        sent TEXT NOT NULL
      );
    `,
  },
  // 700-799: the shell (pinned header).
  {
    id: 700,
    name: "pinned header (startbar)",
    sql: `
      CREATE TABLE startbar (
        user_id TEXT NOT NULL REFERENCES users(user_id),
        position INTEGER NOT NULL,
        exchange TEXT NOT NULL,
        token INTEGER NOT NULL,
        PRIMARY KEY (user_id, position)
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
  // 1300-1399: baskets (issue 13). A leg keeps the order fields it is placed with.
  {
    id: 1300,
    name: "baskets and their scrips",
    sql: `
      CREATE TABLE baskets (
        basket_id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id TEXT NOT NULL REFERENCES users(user_id),
        basket_name TEXT NOT NULL,
        created_by TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX baskets_user_name ON baskets(user_id, basket_name COLLATE NOCASE);
      CREATE TABLE basket_scrips (
        scrip_id INTEGER PRIMARY KEY AUTOINCREMENT,
        basket_id INTEGER NOT NULL REFERENCES baskets(basket_id) ON DELETE CASCADE,
        exchange TEXT NOT NULL,
        token INTEGER NOT NULL,
        trans_type TEXT NOT NULL,
        qty INTEGER NOT NULL,
        product TEXT NOT NULL,
        order_type TEXT NOT NULL,
        price REAL NOT NULL,
        trigger_price REAL NOT NULL
      );
      CREATE INDEX basket_scrips_basket ON basket_scrips(basket_id, scrip_id);
    `,
  },
  {
    // A basket's last run (src/core/rules/basketLastRun.ts): its id, first firing and legs, JSON.
    id: 1301,
    name: "a basket's last run",
    sql: `
      CREATE TABLE basket_runs (
        basket_id INTEGER PRIMARY KEY REFERENCES baskets(basket_id) ON DELETE CASCADE,
        run TEXT NOT NULL
      );
    `,
  },
  // 1700-1799: price alerts and SIPs (issue 17).
  {
    id: 1700,
    name: "price alerts",
    sql: `
      CREATE TABLE alerts (
        alert_id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id TEXT NOT NULL REFERENCES users(user_id),
        exchange TEXT NOT NULL,
        token INTEGER NOT NULL,
        condition TEXT NOT NULL,
        value REAL NOT NULL,
        status TEXT NOT NULL,
        created_at TEXT NOT NULL,
        triggered_at TEXT,
        triggered_price REAL
      );
      CREATE INDEX alerts_user ON alerts(user_id, status);
    `,
  },
  {
    id: 1701,
    name: "systematic investment plans",
    sql: `
      CREATE TABLE sips (
        sip_id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id TEXT NOT NULL REFERENCES users(user_id),
        exchange TEXT NOT NULL,
        token INTEGER NOT NULL,
        quantity INTEGER NOT NULL,
        amount REAL NOT NULL,
        frequency TEXT NOT NULL,
        start_date TEXT NOT NULL,
        count INTEGER NOT NULL,
        done INTEGER NOT NULL DEFAULT 0,
        status TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_result TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX sips_user ON sips(user_id, status);
    `,
  },
  {
    // "date of birth format MMDDYYYY" (section 5): the unblock and forgot-password steps ask it.
    // Every account, the demo ones included, starts with 01011990 (the README says so).
    id: 1702,
    name: "date of birth",
    sql: `ALTER TABLE users ADD COLUMN dob TEXT NOT NULL DEFAULT '01011990';`,
  },
  {
    // When a SIP was cancelled: the list keeps it that day, marked Cancelled, as a cancelled order stays in the day's book.
    id: 1703,
    name: "sip cancelled at",
    sql: `ALTER TABLE sips ADD COLUMN cancelled_at TEXT;`,
  },
  // 1770-1779: profile, settings and feedback (issue 17, profile branch).
  {
    id: 1770,
    name: "session devices and feedback",
    sql: `
      ALTER TABLE sessions ADD COLUMN device TEXT NOT NULL DEFAULT '';
      ALTER TABLE sessions ADD COLUMN device_id TEXT NOT NULL DEFAULT '';
      CREATE TABLE feedback (
        feedback_id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id TEXT NOT NULL REFERENCES users(user_id),
        rating INTEGER NOT NULL,
        comments TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
    `,
  },
  // 3100-3199: the options desk (issue 31). A saved strategy's legs keep the contract, side, lots and entry price.
  {
    id: 3100,
    name: "saved strategies and their legs",
    sql: `
      CREATE TABLE strategies (
        strategy_id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id TEXT NOT NULL REFERENCES users(user_id),
        name TEXT NOT NULL,
        underlying TEXT NOT NULL,
        saved_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX strategies_user_name ON strategies(user_id, name COLLATE NOCASE);
      CREATE TABLE strategy_legs (
        leg_id INTEGER PRIMARY KEY AUTOINCREMENT,
        strategy_id INTEGER NOT NULL REFERENCES strategies(strategy_id) ON DELETE CASCADE,
        exchange TEXT NOT NULL,
        token INTEGER NOT NULL,
        side TEXT NOT NULL,
        lots INTEGER NOT NULL,
        entry REAL NOT NULL
      );
      CREATE INDEX strategy_legs_strategy ON strategy_legs(strategy_id, leg_id);
    `,
  },
  // 3300-3309: the risk desk's trailing stops and sizing (issue 33, branch i-risk-trail).
  {
    // A regular SL or SL-M order's trail (src/core/rules/trail.ts); 0 and '' on every other order.
    id: 3300,
    name: "trailing stop on orders",
    sql: `
      ALTER TABLE orders ADD COLUMN trail_value REAL NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN trail_unit TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN trail_jump REAL NOT NULL DEFAULT 0;
    `,
  },
  // 3310-3319: the risk desk (issue 33): kill switches, loss limits, alert-triggered orders.
  {
    id: 3310,
    name: "kill switches",
    sql: `
      CREATE TABLE kill_switches (
        user_id TEXT NOT NULL REFERENCES users(user_id),
        segment TEXT NOT NULL,
        on_at INTEGER NOT NULL,
        until INTEGER NOT NULL,
        reason TEXT NOT NULL,
        PRIMARY KEY (user_id, segment)
      );
    `,
  },
  {
    id: 3311,
    name: "daily loss limits",
    sql: `
      CREATE TABLE loss_limits (
        user_id TEXT PRIMARY KEY REFERENCES users(user_id),
        max_loss REAL,
        max_orders INTEGER,
        max_position_value REAL,
        square_off INTEGER NOT NULL DEFAULT 0,
        day TEXT NOT NULL DEFAULT '',
        baseline_pnl REAL NOT NULL DEFAULT 0,
        tripped TEXT,
        tripped_at TEXT,
        tripped_text TEXT NOT NULL DEFAULT ''
      );
    `,
  },
  {
    // Alert triggers orders: the basket an alert places once when it fires, and what became of it.
    id: 3312,
    name: "alert-triggered orders",
    sql: `
      ALTER TABLE alerts ADD COLUMN then_basket_id INTEGER;
      ALTER TABLE alerts ADD COLUMN orders_note TEXT NOT NULL DEFAULT '';
    `,
  },
  {
    // The figures a day's loss limit tripped at (JSON of TripFigures), shown from then on: the trip's
    // sentence, the limits call and the dialog say one amount. '' for none, or a day tripped before.
    id: 3313,
    name: "loss limit trip figures",
    sql: `ALTER TABLE loss_limits ADD COLUMN tripped_figures TEXT NOT NULL DEFAULT '';`,
  },
  // 3410-3419: drawings on a chart (issue 34, branch i-s34draw): per user and instrument, points as JSON.
  {
    id: 3410,
    name: "chart drawings",
    sql: `
      CREATE TABLE chart_drawings (
        drawing_id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id TEXT NOT NULL REFERENCES users(user_id),
        exchange TEXT NOT NULL,
        token INTEGER NOT NULL,
        tool TEXT NOT NULL,
        points TEXT NOT NULL,
        alert_id INTEGER,
        created_at TEXT NOT NULL
      );
      CREATE INDEX chart_drawings_chart ON chart_drawings(user_id, exchange, token);
    `,
  },
  {
    // 3200-3299: named workspaces (issue 32). The body is the client's layout as JSON text; names are one whatever their case.
    id: 3200,
    name: "named workspaces",
    sql: `
      CREATE TABLE workspaces (
        user_id TEXT NOT NULL REFERENCES users(user_id),
        name TEXT NOT NULL,
        body TEXT NOT NULL,
        saved_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX workspaces_user_name ON workspaces(user_id, name COLLATE NOCASE);
    `,
  },
  // 3320-3329: order presets and bracket templates (issue 33, branch i-s33a).
  {
    // Per user: presets by key ("segment:equity", "NSEEQ:INFY") and bracket templates by name, each as JSON.
    id: 3320,
    name: "order presets and bracket templates",
    sql: `
      CREATE TABLE order_presets (
        user_id TEXT NOT NULL REFERENCES users(user_id),
        key TEXT NOT NULL,
        preset TEXT NOT NULL,
        PRIMARY KEY (user_id, key)
      );
      CREATE TABLE bracket_templates (
        user_id TEXT NOT NULL REFERENCES users(user_id),
        name TEXT NOT NULL,
        template TEXT NOT NULL,
        PRIMARY KEY (user_id, name)
      );
    `,
  },
  {
    // A bracket at work: the template as it was when the entry was placed and the rule's state
    // (src/core/rules/bracket.ts), written in the journal's transaction with the orders it moves.
    id: 3321,
    name: "brackets at work",
    sql: `
      CREATE TABLE brackets (
        entry_order_id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(user_id),
        template TEXT NOT NULL,
        state TEXT NOT NULL,
        legs TEXT NOT NULL,
        done INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX brackets_working ON brackets(done);
    `,
  },
  {
    // The entry carries its template's name, a leg T1-T3 or SL (server/orders/rows.ts); '' on every other order.
    id: 3322,
    name: "bracket part on orders",
    sql: `
      ALTER TABLE orders ADD COLUMN bracket TEXT NOT NULL DEFAULT '';
    `,
  },
  // 3330-3339: the risk desk (issue 33, branch i-s33b): an alert's order line, a GTT's trail.
  {
    // Alert triggers orders on one order line: the leg (JSON of AlertOrderLeg) placed once when the alert fires.
    id: 3330,
    name: "alert order line",
    sql: `ALTER TABLE alerts ADD COLUMN then_order TEXT;`,
  },
  {
    // A GTT's trail (src/core/rules/trail.ts) on its one stop leg (the SINGLE's leg 1, an OCO's leg 2); 0 and '' for none.
    id: 3331,
    name: "gtt trail",
    sql: `
      ALTER TABLE gtts ADD COLUMN trail_value REAL NOT NULL DEFAULT 0;
      ALTER TABLE gtts ADD COLUMN trail_unit TEXT NOT NULL DEFAULT '';
      ALTER TABLE gtts ADD COLUMN trail_jump REAL NOT NULL DEFAULT 0;
    `,
  },
  // 2600-2609: FINDINGS-26.
  {
    // FINDINGS-26 s4: the price that fired a GTT's leg, kept beside the leg (triggered_leg) and its order (order_no) so its list entry says all three.
    id: 2600,
    name: "gtt triggered price",
    sql: `ALTER TABLE gtts ADD COLUMN triggered_price REAL;`,
  },
  // 3500-3509: market replay (issue 35).
  {
    // Made by the aliases' routes until now (IF NOT EXISTS: a database they made keeps its table).
    // A migration makes it before a replay mirrors the user's aliases in (server/replay/mode.ts).
    id: 3500,
    name: "command aliases",
    sql: `CREATE TABLE IF NOT EXISTS command_aliases (user_id TEXT NOT NULL, name TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY (user_id, name));`,
  },
];
