import type { ExtendedReadRequest } from './extended-read-request.js';

/** Same key, same answer within one reader; not a page's `filter`: what it left out cannot fit later, as budgets only shrink. */
export function requestKey(request: ExtendedReadRequest): string {
  switch (request.kind) {
    case 'note':
      return `note ${request.id}${request.full ? ' full' : ''}`;
    case 'children':
      return `children ${request.parentId} ${request.direction} ${request.after ? `${request.after.siblingOrder}/${request.after.id}` : '-'} ${request.limit}`;
    case 'siblings':
      return `siblings ${request.of} ${request.up} ${request.direction} ${request.limit}`;
    case 'referrings':
      return `referrings ${request.objectId} ${request.afterId ?? '-'} ${request.limit}`;
    case 'ancestors':
    case 'linked':
    case 'linking':
      return `${request.kind} ${request.id}`;
  }
}
