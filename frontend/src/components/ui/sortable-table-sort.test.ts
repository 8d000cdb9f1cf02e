import { describe, expect, it } from 'vitest';
import { compareSortValues, type SortValue } from './sortable-table-sort';

const sorted = (values: SortValue[], direction: 'ascending' | 'descending') =>
  [...values].sort((a, b) => compareSortValues(a, b, direction));

describe('compareSortValues', () => {
  it('sorts text case-insensitively with numbers in it numerically', () => {
    expect(sorted(['b', 'Item 10', 'a', 'Item 2'], 'ascending')).toEqual(['a', 'b', 'Item 2', 'Item 10']);
  });

  it('sorts numbers by value both ways, empty values last', () => {
    expect(sorted([40, null, 5, 100], 'ascending')).toEqual([5, 40, 100, null]);
    expect(sorted([40, null, 5, 100], 'descending')).toEqual([100, 40, 5, null]);
  });
});
