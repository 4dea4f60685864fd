import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import en from '@/locales/en/legal.json';
import { renderWithI18n } from '../testing/render-with-i18n';
import { Component, handle } from './disclaimer';

describe('disclaimer page', () => {
  it('has one h1 and the last-updated date in the interface language', () => {
    renderWithI18n(<Component />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: en.disclaimer.title })).toBeInTheDocument();
    expect(screen.getByText('21 November 2026')).toHaveAttribute('datetime', '2026-11-21');
  });

  it('formats the date for German readers', () => {
    renderWithI18n(<Component />, { language: 'de' });
    expect(screen.getByText('21. November 2026')).toBeInTheDocument();
  });

  it('has a table of contents whose links point to the sections', () => {
    renderWithI18n(<Component />);
    const toc = screen.getByRole('navigation', { name: en.common.onThisPage });
    const links = within(toc).getAllByRole('link');
    expect(links).toHaveLength(Object.keys(en.disclaimer.sections).length);
    for (const link of links) {
      const id = link.getAttribute('href')?.slice(1) ?? '';
      expect(document.getElementById(id)).toBeInstanceOf(HTMLElement);
    }
    expect(
      screen.getByRole('heading', { level: 2, name: new RegExp(en.disclaimer.sections.accuracy.title) }),
    ).toBeInTheDocument();
  });

  it('links to the privacy policy and to the official sources', () => {
    renderWithI18n(<Component />);
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      paths.legal.privacyPolicy.getHref(),
    );
    expect(screen.getByRole('link', { name: 'fedlex.admin.ch' })).toHaveAttribute(
      'href',
      'https://www.fedlex.admin.ch/',
    );
  });

  it('names its document title through an i18n key that exists', () => {
    expect(handle.title).toBe('legal:disclaimer.meta.title');
    expect(en.disclaimer.meta.title).toBeTruthy();
  });
});
