import type { EmailsPage } from '@starhold/contract';
import { describe, expect, it } from 'vitest';
import { createInboxCache, inboxPageKey, PAGES_PER_ACCOUNT } from '../src/modules/emails/inbox-cache.js';

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
