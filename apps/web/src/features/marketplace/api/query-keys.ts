import type { MarketplaceQuery } from '@compliance/shared/marketplace';

/** Every query key of the marketplace, from one factory (a purchase or a review invalidates `all`). */
export const marketplaceQueryKeys = {
  all: ['marketplace'] as const,
  lists: () => [...marketplaceQueryKeys.all, 'list'] as const,
  list: (query: MarketplaceQuery) => [...marketplaceQueryKeys.lists(), query] as const,
  listing: (id: string) => [...marketplaceQueryKeys.all, 'listing', id] as const,
  author: (id: string) => [...marketplaceQueryKeys.all, 'author', id] as const,
  mine: () => [...marketplaceQueryKeys.all, 'mine'] as const,
  moderation: () => [...marketplaceQueryKeys.all, 'moderation'] as const,
};

/** The library's licensed prompts (the prompts feature shows them): refreshed after a purchase or refund. */
export const licensedPromptsKey = ['prompts', 'licensed'] as const;

export const listingPath = (id: string) => `/marketplace/listings/${encodeURIComponent(id)}`;
