import type { EmailsPage } from '@starhold/contract';
import { perDatabase } from '../../db/coalesce.js';
import { onConnectionLost } from '../../db/connection-lost.js';

/**
 * The inbox pages this process has read, per account, under the `accounts.emails_version` they
 * were read at (migration 018, decision 218). A page is only handed out for the version it was
 * kept under, and every change to the account's emails moves that version in the transaction that
 * makes it, so a kept page is what the table would give.
 *
 * A page is kept under the version read with the account's row before the page itself: if the
 * emails changed in between, the page is newer than its version, and nobody asks for that version
 * again (the change moved it), so the page is never served.
 */
export interface InboxCache {
  get(accountId: number, version: number, key: string): EmailsPage | undefined;
  /**
   * Keeps a page read at exactly `version` (in the statement that read the page). A version older
   * than the one the account's pages are kept under is not kept: those pages are newer.
   */
  set(accountId: number, version: number, key: string, page: EmailsPage): void;
  /**
   * Follows an email marked read, the only change to the account's emails between `before` and
   * `after` (decision 252): the pages kept under `before` become those of `after` where the change
   * tells what they hold (the email's flag, the counts, the bell without it), and are dropped
   * where it does not (an unread page it leaves short). Nothing kept under `before`: nothing done.
   */
  markedRead(accountId: number, before: number, after: number, emailId: number): void;
  /** Forgets every page (the database may have lost commits, decision 208). */
  clear(): void;
  /** Accounts with pages kept. */
  readonly size: number;
  /** Emails in the pages kept. */
  readonly emails: number;
}

/** Accounts kept at most (the oldest read first out): the players reading their mail at once. */
export const INBOX_CACHE_CAPACITY = 5_000;
/** Pages kept per account: the bell's, the inbox's first, and a couple more. */
export const PAGES_PER_ACCOUNT = 4;
/**
 * Emails kept at most over every page (some 25 MB): the oldest accounts' pages go first past it.
 * The web app's pages hold 10 (the bell) to 100 emails (the spy reports), most players far fewer.
 */
export const KEPT_EMAILS = 100_000;

/** A page's key: which emails, from where, how many. */
export function inboxPageKey(page: { offset: number; limit: number; unread: boolean }): string {
  return `${page.unread ? 'unread' : 'all'}:${page.offset}:${page.limit}`;
}

/** Freezes a page to keep: the same objects go out to every later call until the emails change. */
export function freezePage(page: EmailsPage): EmailsPage {
  for (const email of page.data) Object.freeze(email);
  Object.freeze(page.data);
  Object.freeze(page.meta);
  return Object.freeze(page);
}

/**
 * A kept page once the email `emailId` (unread in it, or not on it) has been marked read, or
 * undefined when that page cannot be told without reading the table again. `unread` says whether
 * the page lists the unread emails only (its `meta.total` then counts them). The page given is
 * left as it is (kept pages are frozen and shared); the emails that stand are shared too.
 */
export function pageAfterMarkedRead(
  page: EmailsPage,
  unread: boolean,
  emailId: number,
): EmailsPage | undefined {
  const at = page.data.findIndex((email) => email.id === emailId);
  const meta = page.meta;
  if (!unread) {
    if (at >= 0 && page.data[at]?.read === true) return undefined;
    return freezePage({
      data: page.data.map((email, index) => (index === at ? { ...email, read: true } : email)),
      meta: { ...meta, unread: meta.unread - 1 },
    });
  }
  // The unread list loses the email: a later page shifts (its first email moves up to the page
  // before), and a page that held it takes the next unread email in, known only when there is none.
  if (meta.offset > 0) return undefined;
  const counts = { ...meta, total: meta.total - 1, unread: meta.unread - 1 };
  if (at < 0) {
    // A full first page without it: it was older than each of them, and the page stands.
    return page.data.length === meta.limit ? freezePage({ data: [...page.data], meta: counts }) : undefined;
  }
  if (meta.total > meta.limit) return undefined;
  return freezePage({ data: page.data.filter((_, index) => index !== at), meta: counts });
}

interface Entry {
  version: number;
  pages: Map<string, EmailsPage>;
  /** The emails of its pages. */
  emails: number;
}

export function createInboxCache(capacity = INBOX_CACHE_CAPACITY, keptEmails = KEPT_EMAILS): InboxCache {
  const entries = new Map<number, Entry>();
  let emails = 0;
  const drop = (accountId: number) => {
    emails -= entries.get(accountId)?.emails ?? 0;
    entries.delete(accountId);
  };
  return {
    get(accountId, version, key) {
      const entry = entries.get(accountId);
      return entry !== undefined && entry.version === version ? entry.pages.get(key) : undefined;
    },
    set(accountId, version, key, page) {
      const kept = entries.get(accountId);
      if (kept !== undefined && kept.version > version) return;
      // Re-inserted at the end: the map's order is the order of last use, the oldest first out.
      drop(accountId);
      const entry: Entry =
        kept === undefined || kept.version !== version ? { version, pages: new Map(), emails: 0 } : kept;
      entry.emails += page.data.length - (entry.pages.get(key)?.data.length ?? 0);
      entry.pages.set(key, page);
      if (entry.pages.size > PAGES_PER_ACCOUNT) {
        const oldest = entry.pages.keys().next().value ?? key;
        entry.emails -= entry.pages.get(oldest)?.data.length ?? 0;
        entry.pages.delete(oldest);
      }
      entries.set(accountId, entry);
      emails += entry.emails;
      while (entries.size > capacity || (emails > keptEmails && entries.size > 1))
        drop(entries.keys().next().value ?? accountId);
    },
    markedRead(accountId, before, after, emailId) {
      const kept = entries.get(accountId);
      if (kept === undefined || kept.version !== before) return;
      const pages = new Map<string, EmailsPage>();
      let count = 0;
      for (const [key, page] of kept.pages) {
        const next = pageAfterMarkedRead(page, key.startsWith('unread:'), emailId);
        if (next === undefined) continue;
        pages.set(key, next);
        count += next.data.length;
      }
      emails += count - kept.emails;
      kept.version = after;
      kept.pages = pages;
      kept.emails = count;
    },
    clear() {
      entries.clear();
      emails = 0;
    },
    get size() {
      return entries.size;
    },
    get emails() {
      return emails;
    },
  };
}

/** One cache per database handle, emptied when a connection to the database is lost. */
export const inboxCacheFor = perDatabase((db: object) => {
  const cache = createInboxCache();
  onConnectionLost(db, () => cache.clear());
  return cache;
});
