import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { toCount } from '../db/sql-values';

/** The columns a table of queued messages has (order_messages, account_mails). */
export interface QueuedColumns {
  id: string;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  /** What was sent, as far as it may be kept: an SMS's text, a mail's subject; never a code or a link. */
  message: string | null;
  created_at: string;
  sent_at: string | null;
}

/** The tables of Database that are queues of messages. */
export type QueueTable = {
  [T in keyof Database]: Database[T] extends QueuedColumns ? T : never;
}[keyof Database];

/** A due message, as the kind's own query reads it (with whatever sending it needs). */
export interface DueMessage {
  id: string;
  attempts: number;
}

/**
 * One kind of message the queue sends: its table, how to read what is due, how to send one, and how patient to
 * be. The feature that owns the messages writes this; the queue does the claiming, retrying and giving up.
 */
export interface MessageKind<Row extends DueMessage = DueMessage> {
  /** For log lines: 'order SMS', 'account mail'. */
  label: string;
  table: QueueTable;
  /** Queued messages whose next attempt is due at `now`, oldest first (at most `limit`). */
  due(now: string, limit: number): Promise<Row[]>;
  /**
   * Sends one; throws when it was not handed over. `keep` records what may be kept of it in `message` (stored
   * whether or not sending worked, so a person sees what was tried).
   */
  send(message: Row, keep: (text: string) => void): Promise<void>;
  /** How long to wait after the nth failed attempt. */
  retryDelayMs(attempts: number): number;
  /** True when trying again cannot help (the nth attempt failed with this error). */
  givesUp(error: unknown, attempts: number): boolean;
  /** Fields that name the message in a log line; never its content. */
  describe(message: Row): Record<string, unknown>;
  /** After the last attempt failed (the row is already marked failed). */
  afterGivingUp?(message: Row): Promise<void>;
}

export interface MessageQueueDeps {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** How often due messages are looked for when nothing kicks the queue. */
  pollMs: number;
}

const BATCH = 10;

/**
 * The shop's durable outbox: every message a customer is sent (order SMS, account mail) is a row written in the
 * same transaction as what caused it, and this queue sends it in the background. Each row is claimed with a
 * conditional update (so several processes never send one twice), sent, and marked sent; a failure waits (back-off)
 * and is tried again, until its kind gives up and marks it failed. A row outlives a crash or a restart: whichever
 * process polls next sends it.
 */
export class MessageQueue {
  private readonly kinds: MessageKind<DueMessage>[] = [];
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: MessageQueueDeps) {}

  add<Row extends DueMessage>(kind: MessageKind<Row>): void {
    this.kinds.push(kind as unknown as MessageKind<DueMessage>);
  }

  /** Sends what is due now, without waiting for the next poll (a message was just queued). Never throws. */
  kick(): void {
    void this.flush().catch((err: unknown) => this.deps.log.error({ err }, 'message queue run failed'));
  }

  /** Sends everything due, one run at a time in this process; a kick during a run makes it look once more. */
  flush(): Promise<void> {
    this.again = true;
    this.running ??= (async () => {
      while (this.again) {
        this.again = false;
        for (const kind of this.kinds) await this.sendDue(kind);
      }
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  start(): void {
    this.timer ??= setInterval(() => this.kick(), this.deps.pollMs);
    this.timer.unref();
  }

  /** Stops polling and waits for a run in progress (so nothing is cut off when the mailer closes). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  private async sendDue(kind: MessageKind<DueMessage>): Promise<void> {
    const { db, log } = this.deps;
    const now = new Date();
    for (const message of await kind.due(now.toISOString(), BATCH)) {
      const attempts = toCount(message.attempts) + 1;
      const claimed = await db
        .updateTable(kind.table)
        .set({
          attempts,
          next_attempt_at: new Date(now.getTime() + kind.retryDelayMs(attempts)).toISOString(),
        })
        .where('id', '=', message.id)
        .where('status', '=', 'queued')
        .where('attempts', '=', attempts - 1)
        .executeTakeFirst();
      if (toCount(claimed.numUpdatedRows) !== 1) continue;
      let kept: string | null = null;
      try {
        await kind.send(message, (text) => (kept = text));
        await db
          .updateTable(kind.table)
          .set({ status: 'sent', sent_at: new Date().toISOString(), message: kept, last_error: null })
          .where('id', '=', message.id)
          .execute();
      } catch (err) {
        const final = kind.givesUp(err, attempts);
        const error = (err instanceof Error ? err.message : String(err)).slice(0, 300);
        await db
          .updateTable(kind.table)
          .set({
            status: final ? 'failed' : 'queued',
            last_error: error,
            ...(kept === null ? {} : { message: kept }),
          })
          .where('id', '=', message.id)
          .execute();
        log[final ? 'error' : 'warn'](
          { ...kind.describe(message), attempts, msg: error },
          final ? `${kind.label} failed for good` : `${kind.label} failed; will retry`,
        );
        if (final) await kind.afterGivingUp?.(message);
      }
    }
  }
}
