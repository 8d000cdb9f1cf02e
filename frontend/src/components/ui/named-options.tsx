/** An `<option>` for each row of a select's list, valued by its id and shown by its name. */
export function NamedOptions({ rows }: { rows: ReadonlyArray<{ id: number; name: string }> }) {
  return rows.map((row) => (
    <option key={row.id} value={row.id}>
      {row.name}
    </option>
  ));
}
