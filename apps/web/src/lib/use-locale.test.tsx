import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { appLocale } from './format';
import { useFormatInteger } from './use-locale';

function Amount({ value }: { value: number }) {
  const formatInteger = useFormatInteger();
  return <span data-testid="amount">{formatInteger(value)}</span>;
}

describe('useFormatInteger', () => {
  it("groups digits the app's way whatever the browser's language", () => {
    // jsdom's browser language is en-US: a French player still reads French grouping.
    expect(navigator.language).toMatch(/^en/);
    renderWithApp(<Amount value={1234567.8} />, { language: 'fr' });
    expect(screen.getByTestId('amount').textContent?.replace(/\s/g, ' ')).toBe('1 234 567');
  });

  it('follows a change of language', async () => {
    const { i18n } = renderWithApp(<Amount value={12345} />, { language: 'fr' });
    await i18n.changeLanguage('en');
    expect(await screen.findByText('12,345')).toBeInTheDocument();
  });
});

describe('appLocale', () => {
  it.each([
    ['fr', 'fr-FR'],
    ['en', 'en-GB'],
    ['en-US', 'en-GB'],
    ['de', 'fr-FR'],
  ])('%s -> %s', (language, locale) => {
    expect(appLocale(language)).toBe(locale);
  });
});
