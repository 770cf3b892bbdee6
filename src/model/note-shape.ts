/** Which optional parts a related note shows: details 1, visible parent 2, visible object 4. */
export type NoteShape = number;
export const NOTE_SHAPES = 8;

export function noteShape(showsDetails: boolean, showsParent: boolean, showsObject: boolean): NoteShape {
  return (showsDetails ? 1 : 0) + (showsParent ? 2 : 0) + (showsObject ? 4 : 0);
}
