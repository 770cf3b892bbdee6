import type { ExtendedReadRequest } from './extended-read-request.js';

/**
 * What a request asks for, as a string: two requests with the same key have the same answer
 * within one reader, so a reader's answers can be shared by key. A page's `filter` is not part of
 * it: a filtered page only leaves out notes that cannot fit, and the budget only shrinks, so what
 * it left out could not fit later either (see `SizeFilter`).
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
