import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, getInitials } from './avatar.tsx';

describe('getInitials', () => {
  it('takes the first letters of up to two words, upper-cased', () => {
    expect(getInitials('Anna Maria Keller')).toBe('AM');
    expect(getInitials('anna')).toBe('A');
    expect(getInitials('  jean   dupont ')).toBe('JD');
    expect(getInitials('Élodie Ørsted')).toBe('ÉØ');
    expect(getInitials('')).toBe('');
    expect(getInitials(undefined)).toBe('');
  });
});

describe('Avatar', () => {
  it('defaults to small and shows initials named by alt', () => {
    render(<Avatar alt="Anna Maria Keller" />);
    const avatar = screen.getByRole('img', { name: 'Anna Maria Keller' });
    expect(avatar).toHaveTextContent('AM');
    expect(avatar).toHaveAttribute('data-size', 'sm');
    expect(avatar).toHaveClass('size-8');
  });

  it('shows one initial for one word', () => {
    render(<Avatar alt="anna" />);
    expect(screen.getByRole('img', { name: 'anna' })).toHaveTextContent('A');
  });

  it('shows the image when given, and the initials when it fails to load', () => {
    render(<Avatar src="/avatars/anna.png" alt="Anna Keller" size="lg" />);
    const image = screen.getByRole('img', { name: 'Anna Keller' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('src', '/avatars/anna.png');

    fireEvent.error(image);
    const fallback = screen.getByRole('img', { name: 'Anna Keller' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback).toHaveTextContent('AK');
  });

  it('shows a user icon and stays decorative without alt', () => {
    const { container } = render(<Avatar />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container.querySelector('svg.lucide-user')).toBeInTheDocument();
  });
});
