import type { EmailsPage } from '@starhold/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createInboxCache,
  inboxPageKey,
  pageAfterMarkedRead,
  PAGES_PER_ACCOUNT,
} from '../src/modules/emails/inbox-cache.js';

const page = (total: number, emails = 0): EmailsPage => ({
  data: Array.from({ length: emails }, (_, index) => ({
    id: index + 1,
    title: 'welcome',
    params: '{}',
    created_at: '2026-11-28T00:00:00.000Z',
    read: false,
  })),
  meta: { offset: 0, limit: 10, total, unread: 0 },
});

describe('the kept inbox pages (inbox-cache.ts)', () => {
  it('hands a page out only for the version and key it was kept under', () => {
    const cache = createInboxCache();
    const bell = inboxPageKey({ unread: true, offset: 0, limit: 10 });
    const inbox = inboxPageKey({ unread: false, offset: 0, limit: 10 });
    cache.set(7, 3, bell, page(1));
    expect(cache.get(7, 3, bell)).toEqual(page(1));
    expect(cache.get(7, 4, bell)).toBeUndefined();
    expect(cache.get(7, 2, bell)).toBeUndefined();
    expect(cache.get(7, 3, inbox)).toBeUndefined();
    expect(cache.get(8, 3, bell)).toBeUndefined();
  });

  it('keeps no page of a version older than the one kept: those pages are newer', () => {
    const cache = createInboxCache();
    cache.set(7, 5, 'a', page(1));
    cache.set(7, 4, 'b', page(2));
    expect(cache.get(7, 4, 'b')).toBeUndefined();
    expect(cache.get(7, 5, 'a')).toEqual(page(1));
  });

  it('drops the pages of an older version once a page of a newer one is kept', () => {
    const cache = createInboxCache();
    cache.set(7, 3, 'a', page(1));
    cache.set(7, 3, 'b', page(2));
    cache.set(7, 4, 'a', page(3));
    expect(cache.get(7, 4, 'a')).toEqual(page(3));
    expect(cache.get(7, 4, 'b')).toBeUndefined();
    expect(cache.get(7, 3, 'b')).toBeUndefined();
  });

  it('keeps a few pages an account and a bounded number of accounts, the least recently kept out first', () => {
    const cache = createInboxCache(2);
    for (let index = 0; index <= PAGES_PER_ACCOUNT; index += 1) cache.set(1, 1, `p${index}`, page(index));
    expect(cache.get(1, 1, 'p0')).toBeUndefined();
    expect(cache.get(1, 1, `p${PAGES_PER_ACCOUNT}`)).toEqual(page(PAGES_PER_ACCOUNT));
    cache.set(2, 1, 'a', page(0));
    cache.set(1, 1, 'p1', page(1));
    cache.set(3, 1, 'a', page(0));
    expect(cache.size).toBe(2);
    expect(cache.get(2, 1, 'a')).toBeUndefined();
    expect(cache.get(1, 1, 'p1')).toEqual(page(1));
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.get(1, 1, 'p1')).toBeUndefined();
  });

  it('keeps at most its budget of emails, dropping the least recently kept accounts first', () => {
    const cache = createInboxCache(100, 50);
    cache.set(1, 1, 'a', page(1, 20));
    cache.set(2, 1, 'a', page(2, 20));
    cache.set(1, 1, 'b', page(3, 5));
    expect(cache.emails).toBe(45);
    cache.set(3, 1, 'a', page(4, 20));
    expect(cache.get(2, 1, 'a')).toBeUndefined();
    expect(cache.get(1, 1, 'b')).toEqual(page(3, 5));
    expect(cache.emails).toBe(45);
    // A page replaced, or an account's pages dropped for a newer version, give their emails back.
    cache.set(3, 1, 'a', page(5, 2));
    cache.set(1, 2, 'a', page(6, 1));
    expect(cache.emails).toBe(3);
    // One account's pages stay, however large: the budget only drops others.
    cache.set(4, 1, 'a', page(7, 80));
    expect(cache.size).toBe(1);
    expect(cache.emails).toBe(80);
  });

  it('tells the bell from the inbox and pages apart', () => {
    const keys = new Set(
      [true, false].flatMap((unread) =>
        [0, 10].flatMap((offset) => [10, 25].map((limit) => inboxPageKey({ unread, offset, limit }))),
      ),
    );
    expect(keys.size).toBe(8);
  });
});

/** An inbox as the table holds it: newest first, each email read or not. */
type Inbox = { id: number; read: boolean }[];

/** The page the table gives for an inbox (the repository's order and counts). */
function tablePage(inbox: Inbox, unread: boolean, offset: number, limit: number): EmailsPage {
  const listed = unread ? inbox.filter((email) => !email.read) : inbox;
  const unreadCount = inbox.filter((email) => !email.read).length;
  return {
    data: listed.slice(offset, offset + limit).map(({ id, read }) => ({
      id,
      title: 'welcome',
      params: '{}',
      created_at: '2026-11-28T00:00:00.000Z',
      read,
    })),
    meta: { offset, limit, total: unread ? unreadCount : inbox.length, unread: unreadCount },
  };
}

const inboxOf = (flags: boolean[]): Inbox => flags.map((read, index) => ({ id: 100 - index, read }));

describe('a kept page once an email is marked read (pageAfterMarkedRead, decision 252)', () => {
  const inbox = inboxOf([false, true, false, false, false, true]); // ids 100 (newest) .. 95
  const marked = (id: number) => inbox.map((email) => (email.id === id ? { ...email, read: true } : email));
  it.each([
    // [what, unread page?, offset, limit, email marked, the page told or dropped]
    ['the inbox, the email on the page', false, 0, 3, 98, 'told'],
    ['the inbox, the email past the page', false, 0, 3, 96, 'told'],
    ['a later inbox page, the email before it', false, 3, 3, 100, 'told'],
    ['the bell without it, full', true, 0, 2, 96, 'told'],
    ['the bell holding it, nothing unread past it', true, 0, 4, 98, 'told'],
    ['the bell holding it, more unread past it', true, 0, 2, 100, 'dropped'],
    ['a short bell without it (it cannot be unread)', true, 0, 9, 42, 'dropped'],
    ['a later unread page', true, 2, 2, 100, 'dropped'],
  ] as const)('%s', (_what, unread, offset, limit, id, outcome) => {
    const before = tablePage(inbox, unread, offset, limit);
    const after = pageAfterMarkedRead(before, unread, id);
    if (outcome === 'dropped') expect(after).toBeUndefined();
    else expect(after).toEqual(tablePage(marked(id), unread, offset, limit));
    // The kept page is frozen and shared: never changed in place.
    expect(before).toEqual(tablePage(inbox, unread, offset, limit));
  });

  it('gives what the table would give, or nothing, for any inbox, page and unread email', () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 30 }),
        fc.boolean(),
        fc.nat(12),
        fc.integer({ min: 1, max: 12 }),
        fc.nat(),
        (flags, unread, offset, limit, pick) => {
          const inbox = inboxOf(flags);
          const unreadEmails = inbox.filter((email) => !email.read);
          fc.pre(unreadEmails.length > 0);
          const id = (unreadEmails[pick % unreadEmails.length] as { id: number }).id;
          const after = pageAfterMarkedRead(tablePage(inbox, unread, offset, limit), unread, id);
          const marked = inbox.map((email) => (email.id === id ? { ...email, read: true } : email));
          if (after !== undefined) expect(after).toEqual(tablePage(marked, unread, offset, limit));
          // The pages the web app reads most are always told: the inbox's, and a full bell without it.
          if (!unread) expect(after).toBeDefined();
        },
      ),
    );
  });

  it('moves the kept pages to the new version, dropping those it cannot tell', () => {
    const cache = createInboxCache();
    const bell = inboxPageKey({ unread: true, offset: 0, limit: 2 });
    const all = inboxPageKey({ unread: false, offset: 0, limit: 10 });
    cache.set(7, 3, bell, tablePage(inbox, true, 0, 2));
    cache.set(7, 3, all, tablePage(inbox, false, 0, 10));
    expect(cache.emails).toBe(8);
    // Nothing kept under the version the change started from: nothing moves.
    cache.markedRead(7, 2, 4, 100);
    expect(cache.get(7, 3, all)).toEqual(tablePage(inbox, false, 0, 10));
    cache.markedRead(7, 3, 5, 100);
    expect(cache.get(7, 3, all)).toBeUndefined();
    expect(cache.get(7, 5, bell)).toBeUndefined();
    expect(cache.get(7, 5, all)).toEqual(tablePage(marked(100), false, 0, 10));
    expect(cache.emails).toBe(6);
  });
});
