/** Example queries over the sample schema (`@docs/sql-to-rest/sample`), grouped by what they show. */
export interface SqlExample {
  id: string
  label: string
  group: 'Read' | 'Write' | 'Functions'
  sql: string
}

export const sqlExamples: SqlExample[] = [
  {
    id: 'filters',
    label: 'Filters, ordering and paging',
    group: 'Read',
    sql: `select id, name, price
from products
where price between 10 and 50
  and name ilike '%mug%'
order by price desc
limit 2 offset 1`,
  },
  {
    id: 'or-not',
    label: 'OR, NOT and IN',
    group: 'Read',
    sql: `select name, price
from products
where (price < 5 or image is null)
  and category_id not in (3, 4)`,
  },
  {
    id: 'join',
    label: 'Join a related table',
    group: 'Read',
    sql: `select products.name, products.price, categories.name
from products
inner join categories on categories.id = products.category_id
where categories.name = 'Kitchen'`,
  },
  {
    id: 'aggregate',
    label: 'Count and average per group',
    group: 'Read',
    sql: `select category_id, count(*), avg(price)
from products
group by category_id`,
  },
  {
    id: 'json-cast',
    label: 'Casts and aliases',
    group: 'Read',
    sql: `select id, name as title, price::text as price_label
from products
where name is not null`,
  },
  {
    id: 'rpc',
    label: 'Call a function (RPC)',
    group: 'Functions',
    sql: `select name, price
from search_products(term => 'mug')
order by price`,
  },
  {
    id: 'insert',
    label: 'Insert rows',
    group: 'Write',
    sql: `insert into products (name, price, image)
values
  ('Travel mug', 14.5, null),
  ('Espresso cup', 6, 'cups/espresso.png')
returning id, name`,
  },
  {
    id: 'update',
    label: 'Update matching rows',
    group: 'Write',
    sql: `update products
set price = 12.5
where name = 'Travel mug'
returning id, price`,
  },
  {
    id: 'upsert',
    label: 'Upsert on a unique column',
    group: 'Write',
    sql: `insert into products (id, name, price)
values (2, 'Travel mug', 13)
on conflict (id) do update
set name = excluded.name, price = excluded.price`,
  },
  {
    id: 'delete',
    label: 'Delete matching rows',
    group: 'Write',
    sql: `delete from products
where price = 0`,
  },
]

export const DEFAULT_EXAMPLE = sqlExamples[0]!
