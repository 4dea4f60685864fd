import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import en from '@/locales/en/legal.json';
import { renderWithI18n } from '../testing/render-with-i18n';
import { Component, handle } from './privacy-policy';

describe('privacy policy page', () => {
  it('has one h1 and the last-updated date', () => {
    renderWithI18n(<Component />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: en.privacy.title })).toBeInTheDocument();
    expect(screen.getByText('21 November 2026')).toHaveAttribute('datetime', '2026-11-21');
  });

  it('has a table of contents with an anchor link to every section', () => {
    renderWithI18n(<Component />);
    const toc = screen.getByRole('navigation', { name: en.common.onThisPage });
    const links = within(toc).getAllByRole('link');
    const sectionIds = Object.keys(en.privacy.sections);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(sectionIds.map((id) => `#${id}`));
    for (const id of sectionIds) {
      const section = document.getElementById(id);
      expect(section?.tagName).toBe('SECTION');
      expect(within(section as HTMLElement).getByRole('heading', { level: 2 })).toHaveTextContent(
        en.privacy.sections[id as keyof typeof en.privacy.sections].title,
      );
    }
  });

  it('lists the browser storage keys and links to the disclaimer', () => {
    renderWithI18n(<Component />);
    expect(screen.getByText('auth_token')).toBeInTheDocument();
    expect(screen.getByText('language')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'disclaimer' })).toHaveAttribute('href', paths.legal.disclaimer.getHref());
  });

  it('addresses the operator generically when no legal entity is configured', () => {
    renderWithI18n(<Component />);
    expect(screen.getByText(en.privacy.sections.controller.fallback)).toBeInTheDocument();
  });

  it('names its document title through an i18n key that exists', () => {
    expect(handle.title).toBe('legal:privacy.meta.title');
    expect(en.privacy.meta.title).toBeTruthy();
  });
});
