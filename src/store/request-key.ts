import type { ExtendedReadRequest } from './extended-read-request.js';

/**
 * What a request asks for: two with the same key have the same answer within one reader. A page's
 * `filter` is not part of it: what it left out could not fit later either, as the budget only shrinks.
 */
export function requestKey(request: ExtendedReadRequest): string {
  switch (request.kind) {
    case 'note':
      return `note ${request.id}${request.full ? ' full' : ''}`;
    case 'ancestors':
      return `ancestors ${request.id}`;
    case 'children':
      return `children ${request.parentId} ${request.direction} ${request.after ? `${request.after.siblingOrder}/${request.after.id}` : '-'} ${request.limit}`;
    case 'siblings':
      return `siblings ${request.of} ${request.up} ${request.direction} ${request.limit}`;
    case 'referrings':
      return `referrings ${request.objectId} ${request.afterId ?? '-'} ${request.limit}`;
    case 'linked':
      return `linked ${request.id}`;
    case 'linking':
      return `linking ${request.id}`;
  }
}
