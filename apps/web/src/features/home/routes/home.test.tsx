import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import en from '@/locales/en/home.json';
import { renderWithI18n } from '../testing/render-with-i18n';
import { Component, handle } from './home';

function hrefsOf(name: string | RegExp): (string | null)[] {
  return screen.getAllByRole('link', { name }).map((link) => link.getAttribute('href'));
}

describe('landing page', () => {
  it('has exactly one h1, the value proposition', () => {
    renderWithI18n(<Component />);
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent(en.hero.title);
  });

  it('links the calls to action to the trial, signup and login', () => {
    renderWithI18n(<Component />);
    expect(hrefsOf(en.hero.ctaTry)).toEqual([paths.try.getHref(), paths.try.getHref()]);
    expect(hrefsOf(en.hero.ctaSignup)).toEqual([paths.auth.signup.getHref(), paths.auth.signup.getHref()]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', paths.auth.login.getHref());
  });

  it('links to the FATF country pages, the privacy policy and the disclaimer', () => {
    renderWithI18n(<Component />);
    expect(screen.getByRole('link', { name: en.features.items.countries.link })).toHaveAttribute(
      'href',
      paths.countries.list.getHref(),
    );
    expect(screen.getByRole('link', { name: en.deployment.privacyLink })).toHaveAttribute(
      'href',
      paths.legal.privacyPolicy.getHref(),
    );

    const notice = screen.getByRole('complementary', { name: en.notice.title });
    expect(within(notice).getByRole('link', { name: 'full disclaimer' })).toHaveAttribute(
      'href',
      paths.legal.disclaimer.getHref(),
    );
  });

  it('has a section heading for every part of the page and shows the FATF as-of date', () => {
    renderWithI18n(<Component />);
    for (const title of [
      en.features.title,
      en.coverage.title,
      en.how.title,
      en.deployment.title,
      en.faq.title,
      en.cta.title,
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.getByText('As of 19 June 2026')).toBeInTheDocument();
  });

  it('answers the FAQ in disclosure widgets', () => {
    const { container } = renderWithI18n(<Component />);
    expect(container.querySelectorAll('details > summary')).toHaveLength(Object.keys(en.faq.items).length);
    expect(screen.getByText(en.faq.items.advice.question)).toBeInTheDocument();
  });

  it('names its document title through an i18n key that exists', () => {
    expect(handle.title).toBe('home:meta.title');
    expect(en.meta.title).toBeTruthy();
  });
});
