import { MAX_FIELDS_PER_VERSION } from '../../../src/shared/constants';
import { saveAndReport } from './save';
import type { Call, FieldEntry, Reply } from './server';
import { Store } from './store';
import type { WireField } from './types';

const url = (path: string): string => `/editor/tok/${path}?template_id=tpl_1`;

function field(id: string, over: Partial<WireField> = {}): WireField {
  return {
    field_id: id,
    kind: 'text',
    prompt: id,
    label: id,
    choice_label: null,
    question_id: `q_${id}`,
    page: 1,
    rect: [10, 10, 100, 24],
    required: false,
    section: '',
    prefillable: true,
    confidence: 1,
    format: null,
    condition: null,
    ...over,
  };
}

/**
 * A stand-in for the editor's JSON routes with the server's version rule: a PUT on an older base is refused with
 * 409; a PUT gives new ids to new entries and answers the saved version.
 */
class FakeServer {
  version = 1;
  fields: WireField[];
  puts: { base_version: number; fields: FieldEntry[] }[] = [];
  private nextId = 100;

  constructor(fields: WireField[]) {
    this.fields = fields;
  }

  readonly send: Call = async <T>(method: string, path: string, body?: unknown): Promise<Reply<T>> => {
    expect(path).toContain('/fields?template_id=tpl_1');
    const reply = (status: number, json: unknown): Reply<T> => ({ status, body: json as T });
    if (method === 'GET') return reply(200, { version: this.version, fields: this.fields, review_reasons: [] });
    const put = body as { base_version: number; fields: FieldEntry[] };
    this.puts.push(put);
    if (put.base_version !== this.version) return reply(409, { error: 'A newer version exists' });
    const bad = put.fields.findIndex((f) => f.label === 'bad');
    if (bad !== -1)
      return reply(400, { error: `fields[${bad}]: bad label`, field_errors: [{ index: bad, error: 'bad label' }] });
    this.version += 1;
    this.fields = put.fields.map((f) => ({ ...f, field_id: f.field_id ?? `fld_${this.nextId++}` }) as WireField);
    return reply(200, { version: this.version, fields: this.fields });
  };
}

describe('saving from the editor', () => {
  it('sends the fields in the field map order with format and condition, and takes the saved ids', async () => {
    const server = new FakeServer([
      field('right', { rect: [300, 700, 400, 714] }),
      field('left', { rect: [10, 10, 90, 24] }),
    ]);
    const store = new Store({ fields: server.fields, version: 1 });
    // A field drawn on the page has no condition yet: it sends none (the server's fields send theirs, null or not).
    store.add({ ...field('x'), field_id: undefined, page: 2, format: 'zip', condition: undefined });
    const outcome = await saveAndReport(store, url, server.send);
    expect(outcome).toEqual({ kind: 'saved', message: 'Saved as version 2.' });
    expect(server.puts[0].fields.map((f) => f.field_id ?? 'new')).toEqual(['right', 'left', 'new']);
    expect(server.puts[0].fields[2]).toMatchObject({ format: 'zip' });
    expect(server.puts[0].fields[2]).not.toHaveProperty('condition');
    expect(server.puts[0].fields[0]).toMatchObject({ format: null, condition: null });
    expect(store.state).toMatchObject({ version: 2, dirty: false, undo: [] });
    expect(store.state.fields[2].field_id).toBe('fld_100');
  });

  it('on 409 keeps the work; after a rebase the next save goes through on the new version', async () => {
    const server = new FakeServer([field('a'), field('b')]);
    const store = new Store({ fields: server.fields, version: 1 });
    // someone else saves version 2 meanwhile, adding c
    server.version = 2;
    server.fields = [...server.fields, field('c')];
    store.change((fields) => (fields[0].label = 'mine'));
    expect((await saveAndReport(store, url, server.send)).kind).toBe('conflict');
    expect(store.state.fields[0].label).toBe('mine');
    const latest = await server.send<{ version: number; fields: WireField[] }>('GET', url('fields'));
    store.rebase(latest.body!);
    expect(await saveAndReport(store, url, server.send)).toEqual({ kind: 'saved', message: 'Saved as version 3.' });
    expect(server.puts[1]).toMatchObject({ base_version: 2 });
    expect(server.fields.map((f) => [f.field_id, f.label])).toEqual([
      ['a', 'mine'],
      ['b', 'b'],
      ['c', 'c'],
    ]);
  });

  it('names the refused field by the index the server gives, and refuses more fields than the server takes', async () => {
    const server = new FakeServer([field('a'), field('b', { label: 'bad' })]);
    const store = new Store({ fields: server.fields, version: 1 });
    const outcome = await saveAndReport(store, url, server.send);
    expect(outcome).toEqual({
      kind: 'refused',
      message: 'Not saved. fields[1]: bad label',
      key: store.state.fields[1].key,
    });
    const many = Array.from({ length: MAX_FIELDS_PER_VERSION + 1 }, (_, i) => field(`f${i}`));
    const big = new Store({ fields: many, version: 1 });
    const before = server.puts.length;
    expect((await saveAndReport(big, url, server.send)).kind).toBe('refused');
    expect(server.puts.length).toBe(before);
  });
});
