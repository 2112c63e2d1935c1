/**
 * The log's event type names, interned: the type column stores a small id per event and
 * this table names it, so a million events of a dozen types keep a dozen strings.
 */
export class TypeTable {
  private readonly typeNames: string[] = [];
  private readonly typeIds = new Map<string, number>();
  private lastType = '';
  private lastTypeId = -1;

  /** The id of `type`, handing out the next one the first time it is seen. */
  intern(type: string): number {
    // Runs of one type (chunk streams) are the common case: skip the Map.
    if (type === this.lastType) return this.lastTypeId;
    let id = this.typeIds.get(type);
    if (id === undefined) {
      id = this.typeNames.length;
      this.typeNames.push(type);
      this.typeIds.set(type, id);
    }
    this.lastType = type;
    this.lastTypeId = id;
    return id;
  }

  /** The name of an id `intern` handed out. */
  name(id: number): string {
    return this.typeNames[id] as string;
  }

  /** Every name so far, indexed by id. */
  get names(): readonly string[] {
    return this.typeNames;
  }
}
