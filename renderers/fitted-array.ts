// A short array built with push() keeps room for 17 elements (V8 grows an empty array's store to 17 slots on
// the first push), 17 times what a table cell's one child needs. Trees that live for a whole render — the
// styled tree, the boxes, the fragments — are made of such arrays: a 55-page table's heap held 15.6 MB of array
// stores for 3.9 MB of elements, which every garbage collection copied or marked. A copy is exactly as long.
/** `items`, or an exact-length copy of it when it is short enough for the spare room to outweigh the copy. */
export function fitted<T>(items: T[]): T[] {
  return items.length > 0 && items.length <= 8 ? items.slice() : items
}
