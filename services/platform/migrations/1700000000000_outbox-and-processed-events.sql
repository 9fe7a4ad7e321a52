-- Up Migration
-- Every service schema gets these two tables: the outbox (state change and its event in one
-- transaction) and the record of events a consumer already applied (idempotent consumers).
CREATE TABLE outbox (
  seq          BIGSERIAL PRIMARY KEY,
  id           UUID NOT NULL UNIQUE,
  subject      TEXT NOT NULL,
  payload      JSONB NOT NULL,
  occurred_at  TIMESTAMPTZ NOT NULL,
  published_at TIMESTAMPTZ
);
CREATE INDEX outbox_unpublished ON outbox (seq) WHERE published_at IS NULL;

CREATE TABLE processed_events (
  consumer     TEXT NOT NULL,
  event_id     UUID NOT NULL,
  processed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);

-- Down Migration
DROP TABLE processed_events;
DROP TABLE outbox;
