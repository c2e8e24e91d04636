/**
 * Generated from content/reference/javascript/v2/spec.yaml by generate-examples.ts
 * (`npm run generate:reference-examples -w @docs/site`): do not edit. Each `run` body is an
 * example's code exactly as the page shows it.
 */
/* eslint-disable @typescript-eslint/no-unused-vars -- examples destructure what a reader would use */
import type { RunnableExample } from './runnable-example'

// prettier-ignore
const DATA_SOURCES = [
  "create table planets (\n  id int8 primary key,\n  name text not null,\n  kind text not null,\n  moons int4 not null\n);\ninsert into planets (id, name, kind, moons) values\n  (1, 'Mercury', 'terrestrial', 0),\n  (2, 'Earth', 'terrestrial', 1),\n  (3, 'Mars', 'terrestrial', 2),\n  (4, 'Jupiter', 'gas giant', 95),\n  (5, 'Neptune', 'ice giant', 16);\n",
  "create table planets (\n  id int8 primary key,\n  name text not null\n);\ncreate table moons (\n  id int8 primary key,\n  name text not null,\n  planet_id int8 not null references planets (id)\n);\ninsert into planets (id, name) values (1, 'Mercury'), (2, 'Earth'), (3, 'Mars');\ninsert into moons (id, name, planet_id) values (1, 'Moon', 2), (2, 'Phobos', 3), (3, 'Deimos', 3);\n",
  "create table missions (\n  id int8 primary key,\n  name text not null\n);\ncreate table astronauts (\n  id int8 primary key,\n  name text not null\n);\ncreate table mission_crew (\n  mission_id int8 not null references missions (id),\n  astronaut_id int8 not null references astronauts (id),\n  primary key (mission_id, astronaut_id)\n);\ninsert into missions (id, name) values (1, 'Apollo 11'), (2, 'STS-7');\ninsert into astronauts (id, name) values (1, 'Neil Armstrong'), (2, 'Buzz Aldrin'), (3, 'Sally Ride');\ninsert into mission_crew (mission_id, astronaut_id) values (1, 1), (1, 2), (2, 3);\n",
  "create table ports (\n  id int8 primary key,\n  name text not null\n);\ncreate table shuttles (\n  id int8 primary key,\n  code text not null,\n  departs_from int8 not null references ports (id),\n  arrives_at int8 not null references ports (id)\n);\ninsert into ports (id, name) values (1, 'Earth Orbit'), (2, 'Lunar Gateway');\ninsert into shuttles (id, code, departs_from, arrives_at) values (1, 'LG-1', 1, 2), (2, 'EO-1', 2, 1);\n",
  "create table probes (\n  id int8 primary key,\n  name text not null,\n  details jsonb not null\n);\ninsert into probes (id, name, details) values\n  (1, 'Voyager 1', '{\"launched\": \"1977-09-05\", \"active\": true}'),\n  (2, 'Pioneer 10', '{\"launched\": \"1972-03-03\", \"active\": false}');\n",
  "create table planets (\n  id int8 primary key,\n  name text not null\n);\ninsert into planets (id, name) values (1, 'Mercury'), (2, 'Earth'), (3, 'Mars');\n",
  "create table crew_profiles (\n  id int8 generated always as identity primary key,\n  handle text not null unique,\n  name text not null\n);\ninsert into crew_profiles (handle, name) values ('@ride', 'Sally Ride'), ('@lovell', 'Jim Lovell');\n",
  "create table planets (\n  id int8 primary key,\n  name text not null\n);\ninsert into planets (id, name) values (1, 'Mercury'), (2, 'Earth'), (3, 'Mars');\ncreate function planet_count() returns int8\n  language sql stable\n  as $$ select count(*) from planets $$;\n",
  "create table tanks (\n  id int8 primary key,\n  liters int4 not null\n);\ninsert into tanks (id, liters) values (1, 1000), (2, 400);\ncreate function add_fuel(tank_id int8, liters int4) returns int4\n  language sql volatile\n  as $$\n    update tanks set liters = tanks.liters + add_fuel.liters\n    where tanks.id = add_fuel.tank_id\n    returning tanks.liters\n  $$;\n",
  "create table planets (\n  id int8 primary key,\n  name text not null,\n  kind text not null,\n  moons int4 not null\n);\ninsert into planets (id, name, kind, moons) values\n  (1, 'Mercury', 'terrestrial', 0),\n  (2, 'Earth', 'terrestrial', 1),\n  (3, 'Mars', 'terrestrial', 2),\n  (4, 'Jupiter', 'gas giant', 95),\n  (5, 'Neptune', 'ice giant', 16);\ncreate function planets_with_moons() returns setof planets\n  language sql stable\n  as $$ select * from planets where moons > 0 $$;\n",
  "create schema inventory;\ncreate table inventory.items (\n  sku text primary key,\n  stock int4 not null\n);\ninsert into inventory.items (sku, stock) values\n  ('TEL-100', 4),\n  ('LNS-250', 0);\n",
  "create schema inventory;\ncreate table inventory.items (\n  sku text primary key,\n  stock int4 not null\n);\ninsert into inventory.items (sku, stock) values ('LNS-250', 0);\ncreate function inventory.restock(sku text, amount int4) returns int4\nlanguage sql as $$\n  update inventory.items set stock = stock + amount where items.sku = restock.sku\n  returning stock\n$$;\n",
  "create table launches (\n  id int8 primary key,\n  vehicle text not null,\n  launched_on date not null\n);\ninsert into launches (id, vehicle, launched_on) values\n  (1, 'Saturn V', '1969-07-16'),\n  (2, 'Ariane 5', '1996-06-04'),\n  (3, 'Falcon 9', '2010-06-04');\n",
  "create table planets (\n  id int8 primary key,\n  name text not null,\n  discovered_by text,\n  habitable boolean not null\n);\ninsert into planets (id, name, discovered_by, habitable) values\n  (1, 'Earth', null, true),\n  (2, 'Mars', null, false),\n  (3, 'Uranus', 'William Herschel', false),\n  (4, 'Neptune', 'Johann Galle', false);\n",
  "create table missions (\n  id int8 primary key,\n  name text not null,\n  crew text[] not null\n);\ninsert into missions (id, name, crew) values\n  (1, 'Apollo 11', '{Armstrong,Aldrin,Collins}'),\n  (2, 'Apollo 13', '{Lovell,Swigert,Haise}'),\n  (3, 'Gemini 12', '{Lovell,Aldrin}');\n",
  "create table launch_windows (\n  id int8 primary key,\n  mission text not null,\n  window_days int4range not null\n);\ninsert into launch_windows (id, mission, window_days) values\n  (1, 'Survey', '[1,5)'),\n  (2, 'Resupply', '[5,9)'),\n  (3, 'Return', '[12,15)');\n",
  "create table logbook (\n  id int8 primary key,\n  entry text not null\n);\ninsert into logbook (id, entry) values\n  (1, 'The rover found dust on the crater rim'),\n  (2, 'A dust storm delayed the rovers'),\n  (3, 'The crew slept well');\n",
  "create table crew_notes (\n  id int8 generated always as identity primary key,\n  body text not null,\n  created_on date not null default date '2024-05-01'\n);\n"
]

// prettier-ignore
export const runnableExamples: Record<string, RunnableExample> = {
  "select/all-rows": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"id":1,"name":"Mercury","kind":"terrestrial","moons":0},{"id":2,"name":"Earth","kind":"terrestrial","moons":1},{"id":3,"name":"Mars","kind":"terrestrial","moons":2},{"id":4,"name":"Jupiter","kind":"gas giant","moons":95},{"id":5,"name":"Neptune","kind":"ice giant","moons":16}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select()
    },
  },
  "select/some-columns": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Mercury","satellites":0},{"name":"Earth","satellites":1},{"name":"Mars","satellites":2},{"name":"Jupiter","satellites":95},{"name":"Neptune","satellites":16}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name, satellites:moons')
    },
  },
  "select/referenced-table": {
    sql: DATA_SOURCES[1]!,
    response: {"data":[{"name":"Mercury","moons":[]},{"name":"Earth","moons":[{"name":"Moon"}]},{"name":"Mars","moons":[{"name":"Phobos"},{"name":"Deimos"}]}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name, moons(name)')
    },
  },
  "select/many-to-one": {
    sql: DATA_SOURCES[1]!,
    response: {"data":[{"name":"Moon","planets":{"name":"Earth"}},{"name":"Phobos","planets":{"name":"Mars"}},{"name":"Deimos","planets":{"name":"Mars"}}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('moons').select('name, planets(name)')
    },
  },
  "select/join-table": {
    sql: DATA_SOURCES[2]!,
    response: {"data":[{"name":"Apollo 11","astronauts":[{"name":"Neil Armstrong"},{"name":"Buzz Aldrin"}]},{"name":"STS-7","astronauts":[{"name":"Sally Ride"}]}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('missions').select('name, astronauts(name)')
    },
  },
  "select/same-table-twice": {
    sql: DATA_SOURCES[3]!,
    response: {"data":[{"code":"LG-1","origin":{"name":"Earth Orbit"},"destination":{"name":"Lunar Gateway"}},{"code":"EO-1","origin":{"name":"Lunar Gateway"},"destination":{"name":"Earth Orbit"}}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('shuttles')
  .select('code, origin:ports!departs_from(name), destination:ports!arrives_at(name)')
    },
  },
  "select/inner-join": {
    sql: DATA_SOURCES[1]!,
    response: {"data":[{"name":"Mars","moons":[{"name":"Phobos"}]}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .select('name, moons!inner(name)')
  .eq('moons.name', 'Phobos')
    },
  },
  "select/count": {
    sql: DATA_SOURCES[0]!,
    response: {"count":5,"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { count, error } = await supabase
  .from('planets')
  .select('*', { count: 'exact', head: true })
    },
  },
  "select/count-embedded": {
    sql: DATA_SOURCES[1]!,
    response: {"data":[{"name":"Mercury","moons":[{"count":0}]},{"name":"Earth","moons":[{"count":1}]},{"name":"Mars","moons":[{"count":2}]}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name, moons(count)')
    },
  },
  "select/json-column": {
    sql: DATA_SOURCES[4]!,
    response: {"data":[{"name":"Voyager 1","launch":"1977-09-05"},{"name":"Pioneer 10","launch":"1972-03-03"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('probes').select('name, launch:details->>launched')
    },
  },
  "insert/one-row": {
    sql: DATA_SOURCES[5]!,
    response: {"status":201,"statusText":"Created"},
    run: async (supabase, console) => {
const { error } = await supabase.from('planets').insert({ id: 6, name: 'Saturn' })
    },
  },
  "insert/return-row": {
    sql: DATA_SOURCES[5]!,
    response: {"data":[{"id":6,"name":"Saturn"}],"status":201,"statusText":"Created"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .insert({ id: 6, name: 'Saturn' })
  .select()
    },
  },
  "insert/many-rows": {
    sql: DATA_SOURCES[5]!,
    response: {"status":201,"statusText":"Created"},
    run: async (supabase, console) => {
const { error } = await supabase.from('planets').insert([
  { id: 6, name: 'Saturn' },
  { id: 7, name: 'Uranus' },
])
    },
  },
  "insert/duplicate-key": {
    sql: DATA_SOURCES[5]!,
    response: {"error":{"code":"23505","details":"Key (id)=(1) already exists.","hint":null,"message":"duplicate key value violates unique constraint \"planets_pkey\""},"status":409,"statusText":"Conflict"},
    run: async (supabase, console) => {
const { error } = await supabase.from('planets').insert({ id: 1, name: 'Vulcan' })
if (error?.code === '23505') {
  console.log('A planet with this id already exists')
}
    },
  },
  "update/one-column": {
    sql: DATA_SOURCES[5]!,
    response: {"status":204,"statusText":"No Content"},
    run: async (supabase, console) => {
const { error } = await supabase.from('planets').update({ name: 'Terra' }).eq('id', 2)
    },
  },
  "update/return-rows": {
    sql: DATA_SOURCES[5]!,
    response: {"data":[{"id":2,"name":"Terra"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .update({ name: 'Terra' })
  .eq('id', 2)
  .select()
    },
  },
  "update/json-column": {
    sql: DATA_SOURCES[4]!,
    response: {"data":[{"name":"Voyager 1","details":{"active":false,"launched":"1977-09-05"}}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('probes')
  .update({ details: { launched: '1977-09-05', active: false } })
  .eq('id', 1)
  .select('name, details')
    },
  },
  "upsert/one-row": {
    sql: DATA_SOURCES[5]!,
    response: {"data":[{"id":2,"name":"Terra"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .upsert({ id: 2, name: 'Terra' })
  .select()
    },
  },
  "upsert/many-rows": {
    sql: DATA_SOURCES[5]!,
    response: {"data":[{"id":3,"name":"Red Planet"},{"id":4,"name":"Jupiter"}],"status":201,"statusText":"Created"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .upsert([
    { id: 3, name: 'Red Planet' },
    { id: 4, name: 'Jupiter' },
  ])
  .select()
    },
  },
  "upsert/on-conflict": {
    sql: DATA_SOURCES[6]!,
    response: {"data":[{"handle":"@ride","name":"Sally K. Ride"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('crew_profiles')
  .upsert({ handle: '@ride', name: 'Sally K. Ride' }, { onConflict: 'handle' })
  .select('handle, name')
    },
  },
  "upsert/ignore-duplicates": {
    sql: DATA_SOURCES[5]!,
    response: {"data":[{"id":4,"name":"Jupiter"}],"status":201,"statusText":"Created"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .upsert(
    [
      { id: 1, name: 'Vulcan' },
      { id: 4, name: 'Jupiter' },
    ],
    { ignoreDuplicates: true },
  )
  .select()
    },
  },
  "delete/one-row": {
    sql: DATA_SOURCES[5]!,
    response: {"status":204,"statusText":"No Content"},
    run: async (supabase, console) => {
const { error } = await supabase.from('planets').delete().eq('id', 1)
    },
  },
  "delete/return-rows": {
    sql: DATA_SOURCES[5]!,
    response: {"data":[{"id":1,"name":"Mercury"},{"id":3,"name":"Mars"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').delete().in('id', [1, 3]).select()
    },
  },
  "delete/count": {
    sql: DATA_SOURCES[5]!,
    response: {"count":2,"status":204,"statusText":"No Content"},
    run: async (supabase, console) => {
const { count, error } = await supabase
  .from('planets')
  .delete({ count: 'exact' })
  .gt('id', 1)
    },
  },
  "rpc/no-arguments": {
    sql: DATA_SOURCES[7]!,
    response: {"data":3,"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.rpc('planet_count')
    },
  },
  "rpc/arguments": {
    sql: DATA_SOURCES[8]!,
    response: {"data":1250,"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.rpc('add_fuel', { tank_id: 1, liters: 250 })
    },
  },
  "rpc/filter-result": {
    sql: DATA_SOURCES[9]!,
    response: {"data":[{"id":4,"name":"Jupiter","kind":"gas giant","moons":95},{"id":5,"name":"Neptune","kind":"ice giant","moons":16},{"id":3,"name":"Mars","kind":"terrestrial","moons":2}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .rpc('planets_with_moons')
  .gt('moons', 1)
  .order('moons', { ascending: false })
    },
  },
  "rpc/read-only": {
    sql: DATA_SOURCES[7]!,
    response: {"data":3,"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.rpc('planet_count', undefined, { get: true })
    },
  },
  "schema/basic": {
    sql: DATA_SOURCES[10]!,
    response: {"data":[{"sku":"TEL-100","stock":4},{"sku":"LNS-250","stock":0}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.schema('inventory').from('items').select('sku, stock')
    },
  },
  "schema/rpc": {
    sql: DATA_SOURCES[11]!,
    response: {"data":10,"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.schema('inventory').rpc('restock', { sku: 'LNS-250', amount: 10 })
    },
  },
  "eq/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Mercury"},{"name":"Earth"},{"name":"Mars"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name').eq('kind', 'terrestrial')
    },
  },
  "eq/json-key": {
    sql: DATA_SOURCES[4]!,
    response: {"data":[{"name":"Voyager 1"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('probes')
  .select('name')
  .eq('details->>active', 'true')
    },
  },
  "neq/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Jupiter"},{"name":"Neptune"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name').neq('kind', 'terrestrial')
    },
  },
  "gt/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Jupiter","moons":95},{"name":"Neptune","moons":16}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name, moons').gt('moons', 2)
    },
  },
  "gt/dates": {
    sql: DATA_SOURCES[12]!,
    response: {"data":[{"vehicle":"Ariane 5"},{"vehicle":"Falcon 9"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('launches')
  .select('vehicle')
  .gt('launched_on', '1990-01-01')
    },
  },
  "gte/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Mars","moons":2},{"name":"Jupiter","moons":95},{"name":"Neptune","moons":16}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name, moons').gte('moons', 2)
    },
  },
  "lt/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Mercury","moons":0},{"name":"Earth","moons":1}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name, moons').lt('moons', 2)
    },
  },
  "lt/date-window": {
    sql: DATA_SOURCES[12]!,
    response: {"data":[{"vehicle":"Ariane 5"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('launches')
  .select('vehicle')
  .gte('launched_on', '1990-01-01')
  .lt('launched_on', '2000-01-01')
    },
  },
  "lte/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Mercury","moons":0},{"name":"Earth","moons":1}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name, moons').lte('moons', 1)
    },
  },
  "like/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Earth"},{"name":"Mars"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name').like('name', '%ar%')
    },
  },
  "ilike/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Mercury"},{"name":"Mars"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name').ilike('name', 'm%')
    },
  },
  "is/is-null": {
    sql: DATA_SOURCES[13]!,
    response: {"data":[{"name":"Earth"},{"name":"Mars"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name').is('discovered_by', null)
    },
  },
  "is/boolean": {
    sql: DATA_SOURCES[13]!,
    response: {"data":[{"name":"Earth"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name').is('habitable', true)
    },
  },
  "in/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"id":2,"name":"Earth"},{"id":3,"name":"Mars"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .select('id, name')
  .in('name', ['Earth', 'Mars'])
    },
  },
  "contains/array": {
    sql: DATA_SOURCES[14]!,
    response: {"data":[{"name":"Apollo 13"},{"name":"Gemini 12"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('missions').select('name').contains('crew', ['Lovell'])
    },
  },
  "contains/jsonb": {
    sql: DATA_SOURCES[4]!,
    response: {"data":[{"name":"Voyager 1"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('probes')
  .select('name')
  .contains('details', { active: true })
    },
  },
  "contains/range": {
    sql: DATA_SOURCES[15]!,
    response: {"data":[{"mission":"Resupply"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('launch_windows')
  .select('mission')
  .contains('window_days', '[6,8)')
    },
  },
  "contained-by/array": {
    sql: DATA_SOURCES[14]!,
    response: {"data":[{"name":"Apollo 13"},{"name":"Gemini 12"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('missions')
  .select('name')
  .containedBy('crew', ['Lovell', 'Aldrin', 'Swigert', 'Haise'])
    },
  },
  "contained-by/range": {
    sql: DATA_SOURCES[15]!,
    response: {"data":[{"mission":"Survey"},{"mission":"Resupply"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('launch_windows')
  .select('mission')
  .containedBy('window_days', '[0,10)')
    },
  },
  "range-gt/basic": {
    sql: DATA_SOURCES[15]!,
    response: {"data":[{"mission":"Return","window_days":"[12,15)"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('launch_windows')
  .select('mission, window_days')
  .rangeGt('window_days', '[3,6)')
    },
  },
  "range-gte/basic": {
    sql: DATA_SOURCES[15]!,
    response: {"data":[{"mission":"Resupply","window_days":"[5,9)"},{"mission":"Return","window_days":"[12,15)"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('launch_windows')
  .select('mission, window_days')
  .rangeGte('window_days', '[3,6)')
    },
  },
  "range-lt/basic": {
    sql: DATA_SOURCES[15]!,
    response: {"data":[{"mission":"Survey","window_days":"[1,5)"},{"mission":"Resupply","window_days":"[5,9)"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('launch_windows')
  .select('mission, window_days')
  .rangeLt('window_days', '[9,12)')
    },
  },
  "range-lte/basic": {
    sql: DATA_SOURCES[15]!,
    response: {"data":[{"mission":"Survey","window_days":"[1,5)"},{"mission":"Resupply","window_days":"[5,9)"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('launch_windows')
  .select('mission, window_days')
  .rangeLte('window_days', '[3,9)')
    },
  },
  "range-adjacent/basic": {
    sql: DATA_SOURCES[15]!,
    response: {"data":[{"mission":"Resupply","window_days":"[5,9)"},{"mission":"Return","window_days":"[12,15)"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('launch_windows')
  .select('mission, window_days')
  .rangeAdjacent('window_days', '[9,12)')
    },
  },
  "overlaps/array": {
    sql: DATA_SOURCES[14]!,
    response: {"data":[{"name":"Apollo 11"},{"name":"Apollo 13"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('missions')
  .select('name')
  .overlaps('crew', ['Collins', 'Swigert'])
    },
  },
  "overlaps/range": {
    sql: DATA_SOURCES[15]!,
    response: {"data":[{"mission":"Survey"},{"mission":"Resupply"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('launch_windows')
  .select('mission')
  .overlaps('window_days', '[4,6)')
    },
  },
  "text-search/operators": {
    sql: DATA_SOURCES[16]!,
    response: {"data":[{"entry":"The rover found dust on the crater rim"},{"entry":"A dust storm delayed the rovers"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('logbook')
  .select('entry')
  .textSearch('entry', `'rover' & 'dust'`, { config: 'english' })
    },
  },
  "text-search/websearch": {
    sql: DATA_SOURCES[16]!,
    response: {"data":[{"entry":"The rover found dust on the crater rim"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('logbook')
  .select('entry')
  .textSearch('entry', 'dust -storm', { type: 'websearch', config: 'english' })
    },
  },
  "text-search/plain": {
    sql: DATA_SOURCES[16]!,
    response: {"data":[{"entry":"The rover found dust on the crater rim"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('logbook')
  .select('entry')
  .textSearch('entry', 'crater rim', { type: 'plain', config: 'english' })
    },
  },
  "match/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Mars"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .select('name')
  .match({ kind: 'terrestrial', moons: 2 })
    },
  },
  "not/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Jupiter"},{"name":"Neptune"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name').not('kind', 'eq', 'terrestrial')
    },
  },
  "not/not-null": {
    sql: DATA_SOURCES[13]!,
    response: {"data":[{"name":"Uranus","discovered_by":"William Herschel"},{"name":"Neptune","discovered_by":"Johann Galle"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .select('name, discovered_by')
  .not('discovered_by', 'is', null)
    },
  },
  "not/not-in": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Jupiter"},{"name":"Neptune"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name').not('id', 'in', '(1,2,3)')
    },
  },
  "or/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Mercury"},{"name":"Jupiter"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name').or('moons.eq.0,moons.gt.20')
    },
  },
  "or/with-and": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Mars"},{"name":"Jupiter"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .select('name')
  .or('moons.gt.50,and(kind.eq.terrestrial,moons.gte.2)')
    },
  },
  "or/referenced-table": {
    sql: DATA_SOURCES[1]!,
    response: {"data":[{"name":"Mercury","moons":[]},{"name":"Earth","moons":[{"name":"Moon"}]},{"name":"Mars","moons":[{"name":"Phobos"}]}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .select('name, moons(name)')
  .or('name.eq.Phobos,name.eq.Moon', { referencedTable: 'moons' })
    },
  },
  "filter/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Earth"},{"name":"Mars"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .select('name')
  .filter('name', 'in', '("Earth","Mars")')
    },
  },
  "filter/referenced-table": {
    sql: DATA_SOURCES[1]!,
    response: {"data":[{"name":"Mars","moons":[{"name":"Deimos"}]}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .select('name, moons!inner(name)')
  .filter('moons.name', 'eq', 'Deimos')
    },
  },
  "like-all-of/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Mars"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .select('name')
  .likeAllOf('name', ['%r%', '%s%'])
    },
  },
  "like-any-of/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Mercury"},{"name":"Mars"},{"name":"Jupiter"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .select('name')
  .likeAnyOf('name', ['M%', 'J%'])
    },
  },
  "ilike-all-of/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Neptune","kind":"ice giant"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .select('name, kind')
  .ilikeAllOf('kind', ['%GIANT%', '%ICE%'])
    },
  },
  "ilike-any-of/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Mercury"},{"name":"Neptune"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .select('name')
  .ilikeAnyOf('name', ['%UR%', '%TUNE%'])
    },
  },
  "regex-match/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Mercury"},{"name":"Earth"},{"name":"Mars"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name').regexMatch('name', '^[EM]')
    },
  },
  "regex-i-match/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Mercury"},{"name":"Mars"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name').regexIMatch('name', '^m')
    },
  },
  "is-distinct/keeps-nulls": {
    sql: DATA_SOURCES[13]!,
    response: {"data":[{"name":"Earth","discovered_by":null},{"name":"Mars","discovered_by":null},{"name":"Neptune","discovered_by":"Johann Galle"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .select('name, discovered_by')
  .isDistinct('discovered_by', 'William Herschel')
    },
  },
  "not-in/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Jupiter","kind":"gas giant"},{"name":"Neptune","kind":"ice giant"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .select('name, kind')
  .notIn('kind', ['terrestrial'])
    },
  },
  "select-after-write/insert": {
    sql: DATA_SOURCES[17]!,
    response: {"data":[{"id":1,"body":"Airlock check done","created_on":"2024-05-01"}],"status":201,"statusText":"Created"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('crew_notes')
  .insert({ body: 'Airlock check done' })
  .select('id, body, created_on')
    },
  },
  "select-after-write/update": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Mars","moons":3}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .update({ moons: 3 })
  .eq('name', 'Mars')
  .select('name, moons')
    },
  },
  "order/descending": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Jupiter","moons":95},{"name":"Neptune","moons":16},{"name":"Mars","moons":2},{"name":"Earth","moons":1},{"name":"Mercury","moons":0}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .select('name, moons')
  .order('moons', { ascending: false })
    },
  },
  "order/two-columns": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"kind":"gas giant","name":"Jupiter"},{"kind":"ice giant","name":"Neptune"},{"kind":"terrestrial","name":"Mercury"},{"kind":"terrestrial","name":"Mars"},{"kind":"terrestrial","name":"Earth"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .select('kind, name')
  .order('kind')
  .order('name', { ascending: false })
    },
  },
  "order/referenced-table": {
    sql: DATA_SOURCES[1]!,
    response: {"data":[{"name":"Mars","moons":[{"name":"Deimos"},{"name":"Phobos"}]}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .select('name, moons(name)')
  .eq('name', 'Mars')
  .order('name', { referencedTable: 'moons' })
    },
  },
  "limit/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Jupiter"},{"name":"Neptune"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .select('name')
  .order('moons', { ascending: false })
  .limit(2)
    },
  },
  "limit/referenced-table": {
    sql: DATA_SOURCES[1]!,
    response: {"data":[{"name":"Mars","moons":[{"name":"Phobos"}]}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .select('name, moons(name)')
  .eq('name', 'Mars')
  .limit(1, { referencedTable: 'moons' })
    },
  },
  "range/page": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Mars"},{"name":"Jupiter"}],"count":5,"status":206,"statusText":"Partial Content"},
    run: async (supabase, console) => {
const { data, count, error } = await supabase
  .from('planets')
  .select('name', { count: 'exact' })
  .order('id')
  .range(2, 3)
    },
  },
  "abort-signal/timeout": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"id":1,"name":"Mercury","kind":"terrestrial","moons":0},{"id":2,"name":"Earth","kind":"terrestrial","moons":1},{"id":3,"name":"Mars","kind":"terrestrial","moons":2},{"id":4,"name":"Jupiter","kind":"gas giant","moons":95},{"id":5,"name":"Neptune","kind":"ice giant","moons":16}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .select()
  .abortSignal(AbortSignal.timeout(2000))
    },
  },
  "abort-signal/controller": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Mercury"},{"name":"Mars"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
let pending: AbortController | undefined

async function search(term: string) {
  pending?.abort()
  pending = new AbortController()
  const { data, error } = await supabase
    .from('planets')
    .select('name')
    .ilike('name', `${term}%`)
    .abortSignal(pending.signal)
  if (error) return []
  return data
}

await search('M')
    },
  },
  "single/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":{"name":"Mars","moons":2},"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name, moons').eq('id', 3).single()
    },
  },
  "single/no-row": {
    sql: DATA_SOURCES[0]!,
    response: {"error":{"code":"PGRST116","details":"The result contains 0 rows","hint":null,"message":"JSON object requested, multiple (or no) rows returned"},"status":406,"statusText":"Not Acceptable"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select().eq('id', 42).single()
if (error?.code === 'PGRST116') {
  console.log('No such planet')
}
    },
  },
  "maybe-single/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":null,"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name').eq('name', 'Vulcan').maybeSingle()
    },
  },
  "csv/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":"name,moons\nMercury,0\nEarth,1\nMars,2\nJupiter,95\nNeptune,16","status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name, moons').csv()
    },
  },
  "returns/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Mercury"},{"name":"Earth"},{"name":"Mars"},{"name":"Jupiter"},{"name":"Neptune"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
type PlanetName = { name: string }

const { data } = await supabase.from('planets').select('name').returns<PlanetName[]>()
// data: PlanetName[] | null
    },
  },
  "override-types/merge": {
    sql: DATA_SOURCES[4]!,
    response: {"data":[{"name":"Voyager 1","details":{"active":true,"launched":"1977-09-05"}},{"name":"Pioneer 10","details":{"active":false,"launched":"1972-03-03"}}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
type Details = { launched: string; active: boolean }

const { data } = await supabase
  .from('probes')
  .select('name, details')
  .overrideTypes<Array<{ details: Details }>>()
    },
  },
  "override-types/replace": {
    sql: DATA_SOURCES[4]!,
    response: {"data":{"name":"Voyager 1"},"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data } = await supabase
  .from('probes')
  .select('name')
  .eq('id', 1)
  .single()
  .overrideTypes<{ name: string }, { merge: false }>()
    },
  },
  "throw-on-error/basic": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Mercury"},{"name":"Earth"},{"name":"Mars"},{"name":"Jupiter"},{"name":"Neptune"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
try {
  const { data } = await supabase.from('planets').select('name').throwOnError()
  console.log(data)
} catch (error) {
  console.error('Query failed', error)
}
    },
  },
  "strip-nulls/basic": {
    sql: DATA_SOURCES[13]!,
    response: {"data":[{"name":"Earth"},{"name":"Mars"},{"name":"Uranus","discovered_by":"William Herschel"},{"name":"Neptune","discovered_by":"Johann Galle"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name, discovered_by').stripNulls()
    },
  },
  "set-header/tracing": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Mercury"},{"name":"Earth"},{"name":"Mars"},{"name":"Jupiter"},{"name":"Neptune"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .select('name')
  .setHeader('x-request-id', crypto.randomUUID())
    },
  },
  "retry/off": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"name":"Mercury"},{"name":"Earth"},{"name":"Mars"},{"name":"Jupiter"},{"name":"Neptune"}],"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('planets').select('name').retry(false)
    },
  },
  "rollback/dry-run": {
    sql: DATA_SOURCES[0]!,
    response: {"data":[{"id":6,"name":"Saturn","kind":"gas giant","moons":146}],"status":201,"statusText":"Created"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('planets')
  .insert({ id: 6, name: 'Saturn', kind: 'gas giant', moons: 146 })
  .select()
  .rollback()
// data holds the row; the table still has five planets.
    },
  },
  "auth-sign-up/email": {
    platform: {"key":"anon","auth":{"enableConfirmations":true},"users":[],"buckets":[],"objects":[],"given":{}},
    response: {"data":{"user":{"id":"422c99fd-5056-4e39-8442-5df729b22ea4","aud":"authenticated","role":"authenticated","email":"ride@example.com","phone":"","confirmation_sent_at":"2026-11-29T16:02:54.994Z","app_metadata":{"provider":"email","providers":["email"]},"user_metadata":{"sub":"422c99fd-5056-4e39-8442-5df729b22ea4","email":"ride@example.com","email_verified":false,"phone_verified":false},"identities":[{"identity_id":"100adc6f-a47d-4090-9cec-d4f28cbfbc03","id":"422c99fd-5056-4e39-8442-5df729b22ea4","user_id":"422c99fd-5056-4e39-8442-5df729b22ea4","identity_data":{"sub":"422c99fd-5056-4e39-8442-5df729b22ea4","email":"ride@example.com","email_verified":false,"phone_verified":false},"provider":"email","last_sign_in_at":"2026-11-29T16:02:54.994Z","created_at":"2026-11-29T16:02:54.994Z","updated_at":"2026-11-29T16:02:54.994Z","email":"ride@example.com"}],"created_at":"2026-11-29T16:02:54.994Z","updated_at":"2026-11-29T16:02:54.994Z","is_anonymous":false},"session":null},"error":null},
    varies: ["data.user.id","data.user.confirmation_sent_at","data.user.user_metadata.sub","data.user.identities.0.identity_id","data.user.identities.0.id","data.user.identities.0.user_id","data.user.identities.0.identity_data.sub","data.user.identities.0.last_sign_in_at","data.user.identities.0.created_at","data.user.identities.0.updated_at","data.user.created_at","data.user.updated_at"],
    run: async (supabase, console) => {
const { data, error } = await supabase.auth.signUp({
  email: 'ride@example.com',
  password: 'correct-horse-battery-staple',
})
    },
  },
  "auth-sign-in-with-password/email": {
    platform: {"key":"anon","users":[{"email":"ride@example.com","password":"correct-horse-battery-staple","confirmed":true,"factors":[]}],"buckets":[],"objects":[],"given":{}},
    response: {"data":{"user":{"id":"c1da83ea-53ff-411c-bd5b-45a88fc1ff28","aud":"authenticated","role":"authenticated","email":"ride@example.com","email_confirmed_at":"2026-11-29T16:02:59.495Z","phone":"","confirmed_at":"2026-11-29T16:02:59.495Z","last_sign_in_at":"2026-11-29T16:03:00.178Z","app_metadata":{"provider":"email","providers":["email"]},"user_metadata":{},"identities":[{"identity_id":"5c2a799b-0e43-4522-af93-46222ca59d7a","id":"c1da83ea-53ff-411c-bd5b-45a88fc1ff28","user_id":"c1da83ea-53ff-411c-bd5b-45a88fc1ff28","identity_data":{"sub":"c1da83ea-53ff-411c-bd5b-45a88fc1ff28","email":"ride@example.com","email_verified":false,"phone_verified":false},"provider":"email","last_sign_in_at":"2026-11-29T16:02:59.495Z","created_at":"2026-11-29T16:02:59.495Z","updated_at":"2026-11-29T16:02:59.495Z","email":"ride@example.com"}],"created_at":"2026-11-29T16:02:59.495Z","updated_at":"2026-11-29T16:03:00.178Z","is_anonymous":false},"session":{"access_token":"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJodHRwOi8vMTI3LjAuMC4xOjU0MzIxL2F1dGgvdjEiLCJzdWIiOiJjMWRhODNlYS01M2ZmLTQxMWMtYmQ1Yi00NWE4OGZjMWZmMjgiLCJhdWQiOiJhdXRoZW50aWNhdGVkIiwiZXhwIjoxNzk1OTcxNzgwLCJpYXQiOjE3OTU5NjgxODAsImVtYWlsIjoicmlkZUBleGFtcGxlLmNvbSIsInBob25lIjoiIiwiYXBwX21ldGFkYXRhIjp7InByb3ZpZGVyIjoiZW1haWwiLCJwcm92aWRlcnMiOlsiZW1haWwiXX0sInVzZXJfbWV0YWRhdGEiOnt9LCJyb2xlIjoiYXV0aGVudGljYXRlZCIsImFhbCI6ImFhbDEiLCJhbXIiOlt7Im1ldGhvZCI6InBhc3N3b3JkIiwidGltZXN0YW1wIjoxNzk1OTY4MTgwfV0sInNlc3Npb25faWQiOiIyY2ZjODg1NC00MmRlLTQ5Y2QtODY2OS1iMDM2MzY4Zjk5MGYiLCJpc19hbm9ueW1vdXMiOmZhbHNlfQ.FIMksn2EMWFVOD1Nc4eklYgj5nOX7ti9TdcNEI0Ofn8","token_type":"bearer","expires_in":3600,"expires_at":1795971780,"refresh_token":"luBegpDhl06F1Sx4-inzQg","user":{"id":"c1da83ea-53ff-411c-bd5b-45a88fc1ff28","aud":"authenticated","role":"authenticated","email":"ride@example.com","email_confirmed_at":"2026-11-29T16:02:59.495Z","phone":"","confirmed_at":"2026-11-29T16:02:59.495Z","last_sign_in_at":"2026-11-29T16:03:00.178Z","app_metadata":{"provider":"email","providers":["email"]},"user_metadata":{},"identities":[{"identity_id":"5c2a799b-0e43-4522-af93-46222ca59d7a","id":"c1da83ea-53ff-411c-bd5b-45a88fc1ff28","user_id":"c1da83ea-53ff-411c-bd5b-45a88fc1ff28","identity_data":{"sub":"c1da83ea-53ff-411c-bd5b-45a88fc1ff28","email":"ride@example.com","email_verified":false,"phone_verified":false},"provider":"email","last_sign_in_at":"2026-11-29T16:02:59.495Z","created_at":"2026-11-29T16:02:59.495Z","updated_at":"2026-11-29T16:02:59.495Z","email":"ride@example.com"}],"created_at":"2026-11-29T16:02:59.495Z","updated_at":"2026-11-29T16:03:00.178Z","is_anonymous":false}}},"error":null},
    varies: ["data.user.id","data.user.email_confirmed_at","data.user.confirmed_at","data.user.last_sign_in_at","data.user.identities.0.identity_id","data.user.identities.0.id","data.user.identities.0.user_id","data.user.identities.0.identity_data.sub","data.user.identities.0.last_sign_in_at","data.user.identities.0.created_at","data.user.identities.0.updated_at","data.user.created_at","data.user.updated_at","data.session.access_token","data.session.expires_at","data.session.refresh_token","data.session.user.id","data.session.user.email_confirmed_at","data.session.user.confirmed_at","data.session.user.last_sign_in_at","data.session.user.identities.0.identity_id","data.session.user.identities.0.id","data.session.user.identities.0.user_id","data.session.user.identities.0.identity_data.sub","data.session.user.identities.0.last_sign_in_at","data.session.user.identities.0.created_at","data.session.user.identities.0.updated_at","data.session.user.created_at","data.session.user.updated_at"],
    run: async (supabase, console) => {
const { data, error } = await supabase.auth.signInWithPassword({
  email: 'ride@example.com',
  password: 'correct-horse-battery-staple',
})
    },
  },
  "storage-create-bucket/basic": {
    platform: {"key":"service_role","users":[],"buckets":[],"objects":[],"given":{}},
    response: {"data":{"name":"reports"},"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase.storage.createBucket('reports', { public: false })
    },
  },
  "storage-create-bucket/limits": {
    platform: {"key":"service_role","users":[],"buckets":[],"objects":[],"given":{}},
    response: {"data":{"name":"avatars"},"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase.storage.createBucket('avatars', {
  public: true,
  fileSizeLimit: '2MB',
  allowedMimeTypes: ['image/png', 'image/jpeg', 'image/webp'],
})
    },
  },
  "storage-get-bucket/basic": {
    platform: {"key":"service_role","users":[],"buckets":[{"id":"avatars","public":true,"file_size_limit":"2MB","allowed_mime_types":["image/png","image/jpeg","image/webp"]}],"objects":[],"given":{}},
    response: {"data":{"id":"avatars","name":"avatars","owner":"","public":true,"file_size_limit":2000000,"allowed_mime_types":["image/png","image/jpeg","image/webp"],"created_at":"2026-11-29T16:23:04.699Z","updated_at":"2026-11-29T16:23:04.699Z"},"error":null},
    varies: ["data.created_at","data.updated_at"],
    run: async (supabase, console) => {
const { data, error } = await supabase.storage.getBucket('avatars')
    },
  },
  "storage-list-buckets/basic": {
    platform: {"key":"service_role","users":[],"buckets":[{"id":"avatars","public":true},{"id":"reports","public":false}],"objects":[],"given":{}},
    response: {"data":[{"id":"avatars","name":"avatars","owner":"","public":true,"file_size_limit":null,"allowed_mime_types":null,"created_at":"2026-11-29T16:23:06.578Z","updated_at":"2026-11-29T16:23:06.578Z"},{"id":"reports","name":"reports","owner":"","public":false,"file_size_limit":null,"allowed_mime_types":null,"created_at":"2026-11-29T16:23:06.813Z","updated_at":"2026-11-29T16:23:06.813Z"}],"error":null},
    varies: ["data.0.created_at","data.0.updated_at","data.1.created_at","data.1.updated_at"],
    run: async (supabase, console) => {
const { data, error } = await supabase.storage.listBuckets()
const names = data?.map((bucket) => bucket.name)
    },
  },
  "storage-update-bucket/basic": {
    platform: {"key":"service_role","users":[],"buckets":[{"id":"avatars","public":true}],"objects":[],"given":{}},
    response: {"data":{"message":"Successfully updated"},"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase.storage.updateBucket('avatars', {
  public: false,
  fileSizeLimit: '5MB',
})
    },
  },
  "storage-empty-bucket/basic": {
    platform: {"key":"service_role","users":[],"buckets":[{"id":"reports","public":false}],"objects":[{"bucket":"reports","name":"2024/moons.csv","type":"text/csv","text":"moon,orbit_days\nPhobos,0.32\n"},{"bucket":"reports","name":"2024/missions.csv","type":"text/csv","text":"mission,year\nApollo 11,1969\n"}],"given":{}},
    response: {"data":{"message":"Successfully emptied"},"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase.storage.emptyBucket('reports')
    },
  },
  "storage-delete-bucket/basic": {
    platform: {"key":"service_role","users":[],"buckets":[{"id":"reports","public":false}],"objects":[{"bucket":"reports","name":"2024/moons.csv","type":"text/csv","text":"moon,orbit_days\nPhobos,0.32\n"}],"given":{}},
    response: {"data":{"message":"Successfully deleted"},"error":null},
    run: async (supabase, console) => {
await supabase.storage.emptyBucket('reports')
const { data, error } = await supabase.storage.deleteBucket('reports')
    },
  },
  "storage-from-upload/browser": {
    platform: {"key":"service_role","users":[],"buckets":[{"id":"avatars","public":true}],"objects":[],"given":{"input":{"fileInput":{"name":"sally.png","type":"image/png","text":"(the bytes of a PNG image)"}}}},
    response: {"data":{"path":"public/sally.png","id":"9d2852be-dd26-49cb-aee4-1f5450bdc70c","fullPath":"avatars/public/sally.png"},"error":null},
    varies: ["data.id"],
    run: async (supabase, console, { input }: { input: HTMLInputElement }) => {
const file = input.files?.[0]
if (file) {
  const { data, error } = await supabase.storage
    .from('avatars')
    .upload(`public/${file.name}`, file, { cacheControl: '3600', upsert: false })
}
    },
  },
  "storage-from-upload/text": {
    platform: {"key":"service_role","users":[],"buckets":[{"id":"reports","public":false}],"objects":[],"given":{}},
    response: {"data":{"path":"2024/moons.csv","id":"5d18fa69-cafb-479b-a923-38e71e844eee","fullPath":"reports/2024/moons.csv"},"error":null},
    varies: ["data.id"],
    run: async (supabase, console) => {
const report = new Blob(['moon,orbit_days\nPhobos,0.32\n'], { type: 'text/csv' })
const { data, error } = await supabase.storage.from('reports').upload('2024/moons.csv', report)
    },
  },
  "storage-from-upload/replace": {
    platform: {"key":"service_role","users":[],"buckets":[{"id":"avatars","public":true}],"objects":[{"bucket":"avatars","name":"public/sally.png","type":"image/png","text":"(the bytes of a PNG image)"}],"given":{"file":{"file":{"name":"sally.png","type":"image/png","text":"(the bytes of a PNG image)"}}}},
    response: {"data":{"path":"public/sally.png","id":"e0418c60-f26a-42ac-88ed-1bf1ad0ec8a8","fullPath":"avatars/public/sally.png"},"error":null},
    varies: ["data.id"],
    run: async (supabase, console, { file }: { file: File }) => {
const { data, error } = await supabase.storage
  .from('avatars')
  .upload('public/sally.png', file, { upsert: true })
    },
  },
  "storage-from-download/basic": {
    platform: {"key":"service_role","users":[],"buckets":[{"id":"reports","public":false}],"objects":[{"bucket":"reports","name":"2024/moons.csv","type":"text/csv","text":"moon,orbit_days\nPhobos,0.32\n"}],"given":{}},
    response: {"data":{"size":28,"type":"text/csv"},"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase.storage.from('reports').download('2024/moons.csv')
const text = await data?.text()
    },
  },
  "storage-from-list/folder": {
    platform: {"key":"service_role","users":[],"buckets":[{"id":"avatars","public":true}],"objects":[{"bucket":"avatars","name":"public/sally.png","type":"image/png","text":"(the bytes of a PNG image)"}],"given":{}},
    response: {"data":[{"name":"sally.png","id":"6ce77e77-f9d7-4081-835b-a46f0e05054f","updated_at":"2026-11-29T16:23:14.952Z","created_at":"2026-11-29T16:23:14.952Z","last_accessed_at":"2026-11-29T16:23:14.952Z","metadata":{"eTag":"\"3a892afeb9a3546dcf75aaafd72b242f\"","size":26,"mimetype":"image/png","cacheControl":"max-age=3600","lastModified":"2026-11-29T16:23:14.952Z","contentLength":26,"httpStatusCode":200}}],"error":null},
    varies: ["data.0.id","data.0.updated_at","data.0.created_at","data.0.last_accessed_at","data.0.metadata.lastModified"],
    run: async (supabase, console) => {
const { data, error } = await supabase.storage.from('avatars').list('public', {
  limit: 20,
  sortBy: { column: 'created_at', order: 'desc' },
})
    },
  },
  "storage-from-list/search": {
    platform: {"key":"service_role","users":[],"buckets":[{"id":"reports","public":false}],"objects":[{"bucket":"reports","name":"2024/moons.csv","type":"text/csv","text":"moon,orbit_days\nPhobos,0.32\n"},{"bucket":"reports","name":"2024/missions.csv","type":"text/csv","text":"mission,year\nApollo 11,1969\n"}],"given":{}},
    response: {"data":[{"name":"moons.csv","id":"01773604-703a-40ab-8ae6-8e44da482431","updated_at":"2026-11-29T16:23:15.762Z","created_at":"2026-11-29T16:23:15.762Z","last_accessed_at":"2026-11-29T16:23:15.762Z","metadata":{"eTag":"\"44a2cbbdbd9a4fcefa82bdee8f680e4d\"","size":28,"mimetype":"text/csv","cacheControl":"max-age=3600","lastModified":"2026-11-29T16:23:15.762Z","contentLength":28,"httpStatusCode":200}}],"error":null},
    varies: ["data.0.id","data.0.updated_at","data.0.created_at","data.0.last_accessed_at","data.0.metadata.lastModified"],
    run: async (supabase, console) => {
const { data, error } = await supabase.storage.from('reports').list('2024', { search: 'moons' })
    },
  },
  "storage-from-update/basic": {
    platform: {"key":"service_role","users":[],"buckets":[{"id":"avatars","public":true}],"objects":[{"bucket":"avatars","name":"public/sally.png","type":"image/png","text":"(the bytes of a PNG image)"}],"given":{"file":{"file":{"name":"sally.png","type":"image/png","text":"(the bytes of a PNG image)"}}}},
    response: {"data":{"path":"public/sally.png","id":"721f62a0-b24c-4710-b2fa-e0731fe0bf1f","fullPath":"avatars/public/sally.png"},"error":null},
    varies: ["data.id"],
    run: async (supabase, console, { file }: { file: File }) => {
const { data, error } = await supabase.storage.from('avatars').update('public/sally.png', file)
    },
  },
  "storage-from-move/rename": {
    platform: {"key":"service_role","users":[],"buckets":[{"id":"reports","public":false}],"objects":[{"bucket":"reports","name":"2024/moons.csv","type":"text/csv","text":"moon,orbit_days\nPhobos,0.32\n"}],"given":{}},
    response: {"data":{"message":"Successfully moved"},"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase.storage
  .from('reports')
  .move('2024/moons.csv', '2024/moons-final.csv')
    },
  },
  "storage-from-move/other-bucket": {
    platform: {"key":"service_role","users":[],"buckets":[{"id":"reports","public":false},{"id":"archive","public":false}],"objects":[{"bucket":"reports","name":"2024/moons.csv","type":"text/csv","text":"moon,orbit_days\nPhobos,0.32\n"}],"given":{}},
    response: {"data":{"message":"Successfully moved"},"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase.storage
  .from('reports')
  .move('2024/moons.csv', 'moons.csv', { destinationBucket: 'archive' })
    },
  },
  "storage-from-copy/basic": {
    platform: {"key":"service_role","users":[],"buckets":[{"id":"reports","public":false}],"objects":[{"bucket":"reports","name":"2024/moons.csv","type":"text/csv","text":"moon,orbit_days\nPhobos,0.32\n"}],"given":{}},
    response: {"data":{"path":"reports/templates/moons.csv"},"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase.storage
  .from('reports')
  .copy('2024/moons.csv', 'templates/moons.csv')
    },
  },
  "storage-from-remove/basic": {
    platform: {"key":"service_role","users":[],"buckets":[{"id":"avatars","public":true}],"objects":[{"bucket":"avatars","name":"public/sally.png","type":"image/png","text":"(the bytes of a PNG image)"},{"bucket":"avatars","name":"public/jim.png","type":"image/png","text":"(the bytes of another PNG image)"}],"given":{}},
    response: {"data":[{"name":"public/jim.png","bucket_id":"avatars","owner":"","owner_id":"","version":"5482b51a-b606-466f-8bda-72cc3ad1d10d","id":"280eff0b-dc05-412c-8886-6f2689cc4b04","updated_at":"2026-11-29T16:23:19.673Z","created_at":"2026-11-29T16:23:19.673Z","last_accessed_at":"2026-11-29T16:23:19.673Z","metadata":{"eTag":"\"254796bf176a8231bbb50c0249f9271b\"","size":32,"mimetype":"image/png","cacheControl":"max-age=3600","lastModified":"2026-11-29T16:23:19.673Z","contentLength":32,"httpStatusCode":200}},{"name":"public/sally.png","bucket_id":"avatars","owner":"","owner_id":"","version":"cb4f758c-75f3-483b-bfac-a001f68a85bc","id":"bfab6965-adc2-45fb-910a-3e982b122c15","updated_at":"2026-11-29T16:23:19.506Z","created_at":"2026-11-29T16:23:19.506Z","last_accessed_at":"2026-11-29T16:23:19.506Z","metadata":{"eTag":"\"3a892afeb9a3546dcf75aaafd72b242f\"","size":26,"mimetype":"image/png","cacheControl":"max-age=3600","lastModified":"2026-11-29T16:23:19.505Z","contentLength":26,"httpStatusCode":200}}],"error":null},
    varies: ["data.0.version","data.0.id","data.0.updated_at","data.0.created_at","data.0.last_accessed_at","data.0.metadata.lastModified","data.1.version","data.1.id","data.1.updated_at","data.1.created_at","data.1.last_accessed_at","data.1.metadata.lastModified"],
    run: async (supabase, console) => {
const { data, error } = await supabase.storage
  .from('avatars')
  .remove(['public/sally.png', 'public/jim.png'])
    },
  },
  "storage-from-create-signed-url/basic": {
    platform: {"key":"service_role","users":[],"buckets":[{"id":"reports","public":false}],"objects":[{"bucket":"reports","name":"2024/moons.csv","type":"text/csv","text":"moon,orbit_days\nPhobos,0.32\n"}],"given":{}},
    response: {"data":{"signedUrl":"http://127.0.0.1:54321/storage/v1/object/sign/reports/2024/moons.csv?token=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1cmwiOiJyZXBvcnRzLzIwMjQvbW9vbnMuY3N2IiwiaWF0IjoxNzk1OTY5NDAwLCJleHAiOjE3OTU5Njk0NjB9.3DAJwDjKfRS-QTIRl-4Ohw-thgXsGhuQxHz8Wb62SuI"},"error":null},
    varies: ["data.signedUrl"],
    run: async (supabase, console) => {
const { data, error } = await supabase.storage.from('reports').createSignedUrl('2024/moons.csv', 60)
    },
  },
  "storage-from-create-signed-url/download": {
    platform: {"key":"service_role","users":[],"buckets":[{"id":"reports","public":false}],"objects":[{"bucket":"reports","name":"2024/moons.csv","type":"text/csv","text":"moon,orbit_days\nPhobos,0.32\n"}],"given":{}},
    response: {"data":{"signedUrl":"http://127.0.0.1:54321/storage/v1/object/sign/reports/2024/moons.csv?token=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1cmwiOiJyZXBvcnRzLzIwMjQvbW9vbnMuY3N2IiwiaWF0IjoxNzk1OTY5NDAwLCJleHAiOjE3OTU5Njk3MDB9.-V4EOlL0Fr0Dc0UucovcKqcAdztSZFDAeH4AOvanY1o&download=moons-report.csv"},"error":null},
    varies: ["data.signedUrl"],
    run: async (supabase, console) => {
const { data, error } = await supabase.storage
  .from('reports')
  .createSignedUrl('2024/moons.csv', 300, { download: 'moons-report.csv' })
    },
  },
  "storage-from-create-signed-urls/basic": {
    platform: {"key":"service_role","users":[],"buckets":[{"id":"reports","public":false}],"objects":[{"bucket":"reports","name":"2024/moons.csv","type":"text/csv","text":"moon,orbit_days\nPhobos,0.32\n"}],"given":{}},
    response: {"data":[{"error":null,"path":"2024/moons.csv","signedURL":"/object/sign/reports/2024/moons.csv?token=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1cmwiOiJyZXBvcnRzLzIwMjQvbW9vbnMuY3N2IiwiaWF0IjoxNzk1OTY5NDAxLCJleHAiOjE3OTU5NzAwMDF9.oEBckBEq0SGiKJWmnhUTE7GhW8_AIDIXar4oS5XEkx0","signedUrl":"http://127.0.0.1:54321/storage/v1/object/sign/reports/2024/moons.csv?token=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1cmwiOiJyZXBvcnRzLzIwMjQvbW9vbnMuY3N2IiwiaWF0IjoxNzk1OTY5NDAxLCJleHAiOjE3OTU5NzAwMDF9.oEBckBEq0SGiKJWmnhUTE7GhW8_AIDIXar4oS5XEkx0"},{"error":"Either the object does not exist or you do not have access to it","path":"2024/missing.csv","signedURL":null,"signedUrl":null}],"error":null},
    varies: ["data.0.signedURL","data.0.signedUrl"],
    run: async (supabase, console) => {
const { data, error } = await supabase.storage
  .from('reports')
  .createSignedUrls(['2024/moons.csv', '2024/missing.csv'], 600)
    },
  },
  "storage-from-create-signed-upload-url/basic": {
    platform: {"key":"service_role","users":[],"buckets":[{"id":"uploads","public":false}],"objects":[],"given":{}},
    response: {"data":{"signedUrl":"http://127.0.0.1:54321/storage/v1/object/upload/sign/uploads/inbox/scan-0042.pdf?token=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1cmwiOiJ1cGxvYWRzL2luYm94L3NjYW4tMDA0Mi5wZGYiLCJpYXQiOjE3OTU5Njk0MDEsImV4cCI6MTc5NTk2OTQ2MX0.jU-1TaobKZX_jwmGXGgEFVnQnLbMjCIfL2H49BYlocs","path":"inbox/scan-0042.pdf","token":"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1cmwiOiJ1cGxvYWRzL2luYm94L3NjYW4tMDA0Mi5wZGYiLCJpYXQiOjE3OTU5Njk0MDEsImV4cCI6MTc5NTk2OTQ2MX0.jU-1TaobKZX_jwmGXGgEFVnQnLbMjCIfL2H49BYlocs"},"error":null},
    varies: ["data.signedUrl","data.token"],
    run: async (supabase, console) => {
const { data, error } = await supabase.storage
  .from('uploads')
  .createSignedUploadUrl('inbox/scan-0042.pdf')
    },
  },
  "storage-from-upload-to-signed-url/basic": {
    platform: {"key":"anon","users":[],"buckets":[{"id":"uploads","public":false}],"objects":[],"given":{"file":{"file":{"name":"scan-0042.pdf","type":"application/pdf","text":"%PDF-1.7 (a scanned page)"}},"token":{"signedUploadToken":{"bucket":"uploads","path":"inbox/scan-0042.pdf"}}}},
    response: {"data":{"path":"inbox/scan-0042.pdf","fullPath":"uploads/inbox/scan-0042.pdf"},"error":null},
    run: async (supabase, console, { file, token }: { file: File; token: string }) => {
const { data, error } = await supabase.storage
  .from('uploads')
  .uploadToSignedUrl('inbox/scan-0042.pdf', token, file)
    },
  },
  "storage-from-get-public-url/basic": {
    platform: {"key":"anon","users":[],"buckets":[{"id":"avatars","public":true}],"objects":[{"bucket":"avatars","name":"public/sally.png","type":"image/png","text":"(the bytes of a PNG image)"}],"given":{}},
    response: {"data":{"publicUrl":"http://127.0.0.1:54321/storage/v1/object/public/avatars/public/sally.png"},"error":null},
    run: async (supabase, console) => {
const { data } = supabase.storage.from('avatars').getPublicUrl('public/sally.png')
    },
  },
  "storage-from-get-public-url/transform": {
    platform: {"key":"anon","users":[],"buckets":[{"id":"avatars","public":true}],"objects":[{"bucket":"avatars","name":"public/sally.png","type":"image/png","text":"(the bytes of a PNG image)"}],"given":{}},
    response: {"data":{"publicUrl":"http://127.0.0.1:54321/storage/v1/render/image/public/avatars/public/sally.png?width=128&height=128&quality=80"},"error":null},
    run: async (supabase, console) => {
const { data } = supabase.storage
  .from('avatars')
  .getPublicUrl('public/sally.png', { transform: { width: 128, height: 128, quality: 80 } })
    },
  },
  "storage-from-exists/basic": {
    platform: {"key":"service_role","users":[],"buckets":[{"id":"avatars","public":true}],"objects":[{"bucket":"avatars","name":"public/sally.png","type":"image/png","text":"(the bytes of a PNG image)"}],"given":{}},
    response: {"data":true,"error":null},
    run: async (supabase, console) => {
const { data: exists } = await supabase.storage.from('avatars').exists('public/sally.png')
    },
  },
}
