import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Plus } from 'lucide-react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClasses } from './button.tsx';

describe('Button', () => {
  it('defaults to small, solid, primary and type="button"', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('data-size', 'sm');
    expect(button).toHaveAttribute('data-variant', 'solid');
    expect(button).toHaveAttribute('data-color', 'primary');
    expect(button).toHaveClass('h-8', 'text-sm', 'bg-primary-600', 'text-white');
  });

  it('takes size, variant and colour', () => {
    render(
      <Button size="lg" variant="outline" color="danger">
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveAttribute('data-size', 'lg');
    expect(button).toHaveAttribute('data-variant', 'outline');
    expect(button).toHaveAttribute('data-color', 'danger');
    expect(button).toHaveClass('border-red-300', 'text-red-700');
  });

  it('forwards native props, the ref and clicks', async () => {
    const onClick = vi.fn();
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} type="submit" name="intent" value="save" onClick={onClick} className="mt-4">
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(ref.current).toBe(button);
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveAttribute('name', 'intent');
    expect(button).toHaveClass('mt-4');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('shows a decorative leading icon and is square when icon-only', () => {
    const { rerender } = render(<Button icon={Plus}>New prompt</Button>);
    const button = screen.getByRole('button', { name: 'New prompt' });
    expect(button.querySelector('svg.lucide-plus')).toHaveAttribute('aria-hidden', 'true');
    expect(button).not.toHaveClass('w-8');

    rerender(<Button icon={Plus} aria-label="New prompt" />);
    expect(screen.getByRole('button', { name: 'New prompt' })).toHaveClass('w-8');
  });

  it('is busy and disabled while loading', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button.querySelector('svg.animate-spin')).toBeInTheDocument();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('can be full width', () => {
    render(<Button block>Continue</Button>);
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveClass('w-full');
  });
});

describe('buttonClasses', () => {
  it('gives a link the same look as the default button', () => {
    expect(buttonClasses()).toContain('bg-primary-600');
    expect(buttonClasses()).toContain('h-8');
    expect(buttonClasses({ variant: 'ghost', color: 'neutral', className: 'ml-auto' })).toContain('ml-auto');
  });
});
