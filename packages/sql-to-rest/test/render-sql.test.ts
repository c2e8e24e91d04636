/**
 * The SQL a reader would write for a request. Every golden case's request is written as SQL that
 * the real Postgres parser reads, that translates back to the same request (but for a named few),
 * and that returns the rows the REST engine returns for the request on the library data.
 */
import { PGlite } from '@electric-sql/pglite'
import { readSchemaCache } from '@docs/rest-engine'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runBothSides } from '../src/execute/run-both'
import { parseRestRequest } from '@docs/postgrest-request'
import {
  initTranslator,
  loadParser,
  renderSql,
  translate,
  type SqlParser,
  type SqlRelationship,
} from '../src/index'
import { loadGoldenFiles } from './support/golden-cases'
import { LIBRARY_SQL } from './support/library-database'
import { LIBRARY_SCHEMAS, restEngine } from './support/rest-engine'
import { translateOk } from './support/translate-ok'

let parser: SqlParser
let db: PGlite
let rest: ReturnType<typeof restEngine>
let relationships: SqlRelationship[]

beforeAll(async () => {
  await initTranslator()
  parser = await loadParser()
  db = new PGlite()
  await db.exec(LIBRARY_SQL)
  rest = restEngine(db, LIBRARY_SCHEMAS)
  relationships = (await readSchemaCache(db)).relationships
}, 120_000)

afterAll(() => db.close())

function fromUrl(path: string): string {
  const parsed = parseRestRequest(`http://localhost:54321/rest/v1${path}`)
  if (!parsed.ok) throw new Error(parsed.error.message)
  return renderSql(parsed.request, { relationships })
}

describe('renderSql writes what a reader would', () => {
  it('a filtered, ordered, limited read on one line', () => {
    expect(fromUrl('/products?select=name,price&price=gt.20&order=price.desc&limit=3')).toBe(
      'select name, price from products where price > 20 order by price desc limit 3',
    )
  })

  it('every operator', () => {
    const where = (filter: string) =>
      fromUrl(`/books?select=id&${filter}`).replace(/^select id from books where /, '')
    expect(where('title=eq.Dune')).toBe("title = 'Dune'")
    expect(where('pages=neq.10')).toBe('pages <> 10')
    expect(where('pages=gte.10&pages=lte.20')).toBe('pages >= 10 and pages <= 20')
    expect(where('title=like.*Dune*')).toBe("title like '%Dune%'")
    expect(where('title=not.ilike.the*')).toBe("title not ilike 'the%'")
    expect(where('title=match.^D')).toBe("title ~ '^D'")
    expect(where('title=imatch.^d')).toBe("title ~* '^d'")
    expect(where('id=in.(1,2,3)')).toBe('id in (1, 2, 3)')
    expect(where('id=not.in.(1,2)')).toBe('id not in (1, 2)')
    expect(where('genre=is.null')).toBe('genre is null')
    expect(where('available=not.is.true')).toBe('available is not true')
    expect(where('genre=isdistinct.x')).toBe("genre is distinct from 'x'")
    expect(where('title=fts(english).dune')).toBe("title @@ to_tsquery('english', 'dune')")
    expect(where('title=plfts.dune%20sand')).toBe("title @@ plainto_tsquery('dune sand')")
    expect(where('title=phfts.dune%20sand')).toBe("title @@ phraseto_tsquery('dune sand')")
    expect(where('title=not.wfts.dune')).toBe("not title @@ websearch_to_tsquery('dune')")
    expect(where('tags=cs.{a,b}')).toBe("tags @> '{a,b}'")
    expect(where('tags=cd.{a,b}')).toBe("tags <@ '{a,b}'")
    expect(where('tags=ov.{a,b}')).toBe("tags && '{a,b}'")
    expect(where('during=sl.[1,5)')).toBe("during << '[1,5)'")
    expect(where('during=adj.[1,5)')).toBe("during -|- '[1,5)'")
    expect(where('title=like(any).{D*,F*}')).toBe("title like any('{D%,F%}')")
    expect(where('pages=not.gt.10')).toBe('not pages > 10')
  })

  it('and, or and not trees, with parentheses where they bind', () => {
    expect(
      fromUrl('/books?select=id&or=(pages.gt.500,and(genre.eq.sci-fi,available.not.is.true))&id=gt.1'),
    ).toBe(
      "select id\nfrom books\nwhere (pages > 500 or (genre = 'sci-fi' and available is not true)) and id > 1",
    )
    expect(fromUrl('/books?select=id&not.or=(id.eq.1,id.eq.2)')).toBe(
      'select id from books where not (id = 1 or id = 2)',
    )
  })

  it('aliases, casts, JSON paths, aggregates with group by, nulls order and offset', () => {
    expect(
      fromUrl(
        '/books?select=name:title,pages::text,lang:metadata->>lang&order=pages.desc.nullslast&limit=2&offset=4',
      ),
    ).toBe(
      "select title as name, pages::text as pages, metadata->>'lang' as lang\nfrom books\norder by pages desc nulls last\nlimit 2\noffset 4",
    )
    expect(fromUrl('/books?select=genre,pages.sum(),count()')).toBe(
      'select genre, sum(pages), count(*) from books group by genre',
    )
  })

  it('says what a count preference and a header-only count do, as comments', () => {
    const parsed = parseRestRequest('HEAD /rest/v1/books?genre=eq.x\nPrefer: count=exact')
    if (!parsed.ok) throw new Error(parsed.error.message)
    expect(renderSql(parsed.request)).toBe(
      "-- HEAD: PostgREST sends the count in Content-Range, with no rows.\nselect count(*) from books where genre = 'x'",
    )
    const counted = parseRestRequest('GET /rest/v1/books?select=id&genre=eq.x\nPrefer: count=exact')
    if (!counted.ok) throw new Error(counted.error.message)
    expect(renderSql(counted.request)).toBe(
      "-- Prefer: count=exact also sends the number of matching rows in Content-Range: select count(*) from books where genre = 'x'\nselect id from books where genre = 'x'",
    )
  })

  it('embeds: a to-one embed is a join, a to-many embed a subquery', () => {
    expect(fromUrl('/books?select=title,...authors!inner(author:name)&authors.name=eq.Herbert')).toBe(
      [
        'select books.title, authors.name as author',
        'from books',
        'join authors on authors.id = books.author_id',
        "where authors.name = 'Herbert'",
      ].join('\n'),
    )
    expect(fromUrl('/authors?select=name,books(title)')).toBe(
      [
        "select authors.name, (select coalesce(json_agg(json_build_object('title', books.title)), '[]') from books where books.author_id = authors.id) as books",
        'from authors',
      ].join('\n'),
    )
  })

  it('says so when it does not know the foreign key, rather than guessing', () => {
    const parsed = parseRestRequest('GET /rest/v1/books?select=title,authors(name)')
    if (!parsed.ok) throw new Error(parsed.error.message)
    const sql = renderSql(parsed.request)
    expect(sql).toContain('-- authors: plain SQL needs the foreign key between books and authors')
    expect(parser.parse(sql).ok).toBe(true)
  })

  it('functions, inserts and upserts, updates and deletes with returning', () => {
    expect(renderSql(translateOk("select name from search_books(term => 'dune') where pages > 100"))).toBe(
      "select name from search_books(term => 'dune') where pages > 100",
    )
    expect(
      renderSql(
        translateOk(
          "insert into stock (shop, sku, qty) values (1, 'a', 5) on conflict (shop, sku) do update set qty = excluded.qty returning *",
        ),
      ),
    ).toBe(
      "insert into stock (shop, sku, qty)\nvalues (1, 'a', 5)\non conflict (shop, sku) do update set qty = excluded.qty\nreturning *",
    )
    expect(renderSql(translateOk("update books set title = 'x' where id = 1 returning id, title"))).toBe(
      "update books set title = 'x' where id = 1 returning id, title",
    )
    expect(renderSql(translateOk('delete from books where id = 1'))).toBe('delete from books where id = 1')
    const limited = parseRestRequest('DELETE /rest/v1/books?id=gt.1&order=id&limit=2')
    if (!limited.ok) throw new Error(limited.error.message)
    expect(renderSql(limited.request)).toBe(
      'delete from books\nwhere ctid in (select ctid from books where id > 1 order by id limit 2)',
    )
  })
})

// What the request model does not keep: the SQL it was translated from cannot come back exactly.
const NO_ROUND_TRIP: Record<string, string> = {
  'insert.yaml: insert values of every type':
    'a JSON body carries no column types: big numbers and arrays come back as text',
  'rpc.yaml: function arguments of every type': 'a JSON body carries no argument types',
  'rpc.yaml: function with one unnamed json argument':
    'the request alone does not say the body is one unnamed argument',
  'update-delete.yaml: update a jsonb column': 'a JSON body carries no column types',
  'joins.yaml: whole row of the joined table is nested': 'a whole joined row is written with to_json',
  'joins.yaml: whole row with an alias': 'a whole joined row is written with to_json',
  'joins.yaml: spread column next to a star is renamed': 'the renamed column keeps its new name',
  'joins.yaml: filter on a left-joined table warns':
    'the filter that only empties the embed goes into the join',
  'joins.yaml: to-one join on a composite key read from the referencing table':
    'the filter is on an embed without !inner: it goes into the join',
  'aggregates.yaml: count with a join filter': 'the embed filters without !inner: it goes into the join',
}

// Golden cases written to show a translation, not to run (see semantic.test.ts), and a function
// whose one unnamed parameter the request cannot name.
const NOT_RUNNABLE = new Set([
  'filters-logic.yaml: three levels of nesting',
  'joins.yaml: join using a column',
  'select-basics.yaml: json array index',
  'filters-special.yaml: range strictly left',
  'filters-special.yaml: range strictly right',
  'rpc.yaml: function with one unnamed json argument',
])

const cases = loadGoldenFiles().flatMap(({ file, cases }) =>
  cases
    .filter((entry) => entry.model !== undefined)
    .map((entry) => ({ name: `${file}: ${entry.name}`, sql: entry.sql })),
)

describe('every golden request, written as SQL', () => {
  it('covers the corpus and names only cases it has', () => {
    expect(cases.length).toBeGreaterThan(200)
    const names = new Set(cases.map((entry) => entry.name))
    for (const name of [...Object.keys(NO_ROUND_TRIP), ...NOT_RUNNABLE])
      expect(names.has(name), name).toBe(true)
  })

  for (const { name, sql } of cases) {
    it(name, async () => {
      const request = translateOk(sql)
      const written = renderSql(request, { relationships })
      const parsed = parser.parse(written)
      expect(parsed.ok, parsed.ok ? '' : parsed.message).toBe(true)
      if (!(name in NO_ROUND_TRIP)) {
        const back = translate(written)
        expect(back.ok ? back.request : back.error).toEqual(request)
      }
      if (NOT_RUNNABLE.has(name)) return
      const both = await runBothSides(db, rest, request, written)
      expect(both.sql?.ok ? 'ran' : both.sql?.message).toBe('ran')
      if (both.countMatches !== undefined) expect(both.countMatches).toBe(true)
      else expect(['same', 'order-differs']).toContain(both.comparison?.verdict)
    })
  }
})
