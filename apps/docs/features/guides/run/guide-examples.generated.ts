/**
 * Generated from the guides' `runnable` supabase-js blocks by generate-guide-examples.ts
 * (`npm run generate:guide-examples -w @docs/site`): do not edit. Each `run` body is a block's
 * code exactly as the page shows it.
 */
/* eslint-disable @typescript-eslint/no-unused-vars -- examples destructure what a reader would use */
import type { GuideExample } from './guide-example'

// prettier-ignore
const SQL = [
  "create table public.authors (\n  id bigint generated always as identity primary key,\n  name text not null,\n  country text\n);\n\ncreate table public.books (\n  id bigint generated always as identity primary key,\n  title text not null,\n  author_id bigint not null references public.authors (id),\n  published integer not null\n);\n\ncreate table public.tags (\n  id bigint generated always as identity primary key,\n  name text not null unique\n);\n\ncreate table public.book_tags (\n  book_id bigint references public.books (id),\n  tag_id bigint references public.tags (id),\n  primary key (book_id, tag_id)\n);\n\nalter table public.authors enable row level security;\nalter table public.books enable row level security;\nalter table public.tags enable row level security;\nalter table public.book_tags enable row level security;\n\ncreate policy \"Anyone can read authors\" on public.authors for select to anon, authenticated using (true);\ncreate policy \"Anyone can read books\" on public.books for select to anon, authenticated using (true);\ncreate policy \"Anyone can read tags\" on public.tags for select to anon, authenticated using (true);\ncreate policy \"Anyone can read book tags\" on public.book_tags for select to anon, authenticated using (true);\n\ninsert into public.authors (name, country)\nvalues ('Ursula K. Le Guin', 'US'), ('Octavia E. Butler', 'US'), ('Terry Pratchett', 'UK'), ('Neil Gaiman', 'UK');\n\ninsert into public.books (title, author_id, published)\nvalues\n  ('A Wizard of Earthsea', 1, 1968),\n  ('The Left Hand of Darkness', 1, 1969),\n  ('Kindred', 2, 1979),\n  ('Guards! Guards!', 3, 1989),\n  ('Small Gods', 3, 1992);\n\ninsert into public.tags (name) values ('fantasy'), ('scifi'), ('comedy');\n\ninsert into public.book_tags (book_id, tag_id)\nvalues (1, 1), (2, 2), (3, 2), (4, 1), (4, 3), (5, 1), (5, 3);",
  "alter table public.books add column translator_id bigint references public.authors (id);\n\ninsert into public.authors (name) values ('Lao Tzu');\ninsert into public.books (title, author_id, published, translator_id) values ('Tao Te Ching', 5, 1997, 1);",
  "create table public.books (\n  id bigint generated always as identity primary key,\n  title text not null,\n  author text not null,\n  published integer not null,\n  price numeric(6, 2) not null,\n  genres text[] not null default '{}',\n  series text,\n  details jsonb not null default '{}'\n);\n\nalter table public.books enable row level security;\ncreate policy \"Anyone can read books\"\n  on public.books for select to anon, authenticated using (true);\n\ninsert into public.books (title, author, published, price, genres, series, details)\nvalues\n  ('A Wizard of Earthsea', 'Ursula K. Le Guin', 1968, 9.99, '{fantasy}', 'Earthsea', '{\"format\": \"paperback\"}'),\n  ('The Left Hand of Darkness', 'Ursula K. Le Guin', 1969, 11.50, '{scifi}', 'Hainish Cycle', '{\"format\": \"hardcover\"}'),\n  ('Kindred', 'Octavia E. Butler', 1979, 10.00, '{scifi,historical}', null, '{\"format\": \"paperback\"}'),\n  ('Guards! Guards!', 'Terry Pratchett', 1989, 8.99, '{fantasy,comedy}', 'Discworld', '{\"format\": \"paperback\"}'),\n  ('Small Gods', 'Terry Pratchett', 1992, 8.99, '{fantasy,comedy}', 'Discworld', '{\"format\": \"ebook\"}'),\n  ('Parable of the Sower', 'Octavia E. Butler', 1993, 12.00, '{scifi}', 'Earthseed', '{\"format\": \"hardcover\"}');",
  "create table public.books (\n  id bigint generated always as identity primary key,\n  title text not null,\n  price numeric(6, 2) not null,\n  cost numeric(6, 2) not null\n);\n\nalter table public.books enable row level security;\ncreate policy \"Anyone can read books\"\n  on public.books for select to anon, authenticated using (true);\n\ninsert into public.books (title, price, cost)\nvalues ('A Wizard of Earthsea', 9.99, 4.10), ('Kindred', 10.00, 4.75), ('Small Gods', 8.99, 3.60);",
  "create schema if not exists private;\n\ncreate table private.supplier_prices (\n  book_id bigint primary key references public.books (id),\n  supplier text not null,\n  cost numeric(6, 2) not null\n);",
  "revoke select on public.books from anon, authenticated;\ngrant select (id, title, price) on public.books to anon, authenticated;",
  "alter default privileges for role postgres in schema public\n  revoke all on tables from anon, authenticated;\nalter default privileges for role postgres in schema public\n  revoke all on functions from anon, authenticated;",
  "create table public.reviews (\n  id bigint generated always as identity primary key,\n  book_id bigint not null references public.books (id),\n  rating integer not null check (rating between 1 and 5)\n);\n\nalter table public.reviews enable row level security;\ncreate policy \"Anyone can read reviews\"\n  on public.reviews for select to anon, authenticated using (true);\n\ngrant select on public.reviews to anon, authenticated;",
  "create schema api;\ngrant usage on schema api to anon, authenticated, service_role;\n\ncreate view api.catalog\nwith (security_invoker = on)\nas select id, title, price from public.books;\n\ngrant select on api.catalog to anon, authenticated;",
  "create table public.visits (\n  id bigint generated always as identity primary key,\n  book_id bigint not null references public.books (id),\n  seen_at timestamptz not null default now()\n);\n\nalter table public.visits enable row level security;\ncreate policy \"Anyone can read visits\"\n  on public.visits for select to anon, authenticated using (true);\ngrant select on public.visits to anon, authenticated;\n\ninsert into public.visits (book_id) select 1 + i % 3 from generate_series(1, 1500) as i;",
  "create table public.authors (\n  id bigint generated always as identity primary key,\n  name text not null\n);\n\ncreate table public.books (\n  id bigint generated always as identity primary key,\n  title text not null,\n  author_id bigint not null references public.authors (id),\n  published integer not null\n);\n\nalter table public.authors enable row level security;\nalter table public.books enable row level security;\n\ncreate policy \"Anyone can read authors\"\n  on public.authors for select to anon, authenticated using (true);\ncreate policy \"Anyone can read books\"\n  on public.books for select to anon, authenticated using (true);\n\ninsert into public.authors (name)\nvalues ('Ursula K. Le Guin'), ('Octavia E. Butler'), ('Terry Pratchett');\n\ninsert into public.books (title, author_id, published)\nvalues\n  ('A Wizard of Earthsea', 1, 1968),\n  ('The Left Hand of Darkness', 1, 1969),\n  ('Kindred', 2, 1979),\n  ('Guards! Guards!', 3, 1989),\n  ('Small Gods', 3, 1992),\n  ('Parable of the Sower', 2, 1993);",
  "notify pgrst, 'reload schema';",
  "create table public.reviews (\n  id bigint generated always as identity primary key,\n  book_id bigint not null references public.books (id),\n  user_id uuid not null default auth.uid() references auth.users (id),\n  rating integer not null check (rating between 1 and 5)\n);\n\nalter table public.reviews enable row level security;\n\ncreate policy \"Anyone can read reviews\"\n  on public.reviews for select to anon, authenticated using (true);\ncreate policy \"Users add their own reviews\"\n  on public.reviews for insert to authenticated\n  with check ((select auth.uid()) = user_id);\ncreate policy \"Users change their own reviews\"\n  on public.reviews for update to authenticated\n  using ((select auth.uid()) = user_id)\n  with check ((select auth.uid()) = user_id);\ncreate policy \"Users delete their own reviews\"\n  on public.reviews for delete to authenticated\n  using ((select auth.uid()) = user_id);",
  "create table public.books (\n  id bigint generated always as identity primary key,\n  title text not null,\n  published integer not null\n);\n\nalter table public.books enable row level security;\ncreate policy \"Anyone can read books\"\n  on public.books for select to anon, authenticated using (true);\n\ninsert into public.books (title, published)\nvalues\n  ('A Wizard of Earthsea', 1968),\n  ('The Left Hand of Darkness', 1969),\n  ('The Dispossessed', 1974),\n  ('Kindred', 1979),\n  ('Guards! Guards!', 1989),\n  ('Good Omens', 1990),\n  ('Small Gods', 1992),\n  ('Parable of the Sower', 1993);",
  "create table public.books (\n  id bigint generated always as identity primary key,\n  title text not null,\n  author text not null,\n  published integer not null,\n  stock integer not null default 0\n);\n\nalter table public.books enable row level security;\ncreate policy \"Anyone can read books\"\n  on public.books for select to anon, authenticated using (true);\n\ninsert into public.books (title, author, published, stock)\nvalues\n  ('A Wizard of Earthsea', 'Ursula K. Le Guin', 1968, 3),\n  ('The Left Hand of Darkness', 'Ursula K. Le Guin', 1969, 1),\n  ('Kindred', 'Octavia E. Butler', 1979, 0),\n  ('Guards! Guards!', 'Terry Pratchett', 1989, 4),\n  ('Small Gods', 'Terry Pratchett', 1992, 2);\n\ncreate function public.book_count()\nreturns bigint\nlanguage sql\nstable\nas $$\n  select count(*) from public.books;\n$$;\n\ncreate function public.books_by(author_name text)\nreturns setof public.books\nlanguage sql\nstable\nas $$\n  select * from public.books where author = author_name;\n$$;\n\ncreate function public.reserve_book(book_id bigint)\nreturns integer\nlanguage plpgsql\nsecurity definer\nset search_path = ''\nas $$\ndeclare\n  left_in_stock integer;\nbegin\n  update public.books\n  set stock = stock - 1\n  where id = reserve_book.book_id and stock > 0\n  returning stock into left_in_stock;\n\n  if not found then\n    raise exception 'Book % is out of stock', book_id using errcode = 'PT409';\n  end if;\n  return left_in_stock;\nend;\n$$;\n\ncreate function public.books_in(jsonb)\nreturns setof public.books\nlanguage sql\nstable\nas $$\n  select * from public.books\n  where id in (select jsonb_array_elements_text($1 -> 'ids')::bigint);\n$$;",
  "revoke execute on function public.reserve_book(bigint) from public, anon;\ngrant execute on function public.reserve_book(bigint) to authenticated;",
  "create table public.authors (\n  id bigint generated always as identity primary key,\n  name text not null,\n  country text\n);\n\ncreate table public.books (\n  id bigint generated always as identity primary key,\n  title text not null,\n  author_id bigint not null references public.authors (id),\n  published integer not null,\n  details jsonb not null default '{}'\n);\n\nalter table public.authors enable row level security;\nalter table public.books enable row level security;\ncreate policy \"Anyone can read authors\" on public.authors for select to anon, authenticated using (true);\ncreate policy \"Anyone can read books\" on public.books for select to anon, authenticated using (true);\n\ncreate function public.books_by(author_name text)\nreturns setof public.books\nlanguage sql\nstable\nas $$\n  select b.* from public.books b join public.authors a on a.id = b.author_id where a.name = author_name;\n$$;\n\ninsert into public.authors (name, country)\nvalues ('Ursula K. Le Guin', 'US'), ('Octavia E. Butler', 'US'), ('Terry Pratchett', 'UK');\n\ninsert into public.books (title, author_id, published, details)\nvalues\n  ('A Wizard of Earthsea', 1, 1968, '{\"format\": \"paperback\", \"pages\": 183}'),\n  ('Kindred', 2, 1979, '{\"format\": \"paperback\", \"pages\": 264}'),\n  ('Guards! Guards!', 3, 1989, '{\"format\": \"hardcover\", \"pages\": 288}'),\n  ('Small Gods', 3, 1992, '{\"format\": \"ebook\"}');",
  "create table public.products (\n  id bigint generated always as identity primary key,\n  name text not null,\n  price numeric(10, 2) not null check (price >= 0)\n);\n\nalter table public.products enable row level security;\n\ncreate policy \"Anyone can read products\"\n  on public.products\n  for select\n  to anon, authenticated\n  using (true);\n\ninsert into public.products (name, price)\nvalues ('Espresso cup', 12.50), ('Pour-over kettle', 48.00);",
  "insert into storage.buckets (id, name, public)\nvalues\n  ('brand-assets', 'brand-assets', true),\n  ('user-files', 'user-files', false);",
  "create policy \"Anyone reads brand assets\"\n  on storage.objects\n  for select\n  to anon, authenticated\n  using (bucket_id = 'brand-assets');",
  "create policy \"Users read their own files\"\n  on storage.objects\n  for select\n  to authenticated\n  using (bucket_id = 'user-files' and owner_id = (select auth.uid())::text);",
  "create policy \"Users upload into their own folder\"\n  on storage.objects\n  for insert\n  to authenticated\n  with check (\n    bucket_id = 'user-files'\n    and (storage.foldername(name))[1] = (select auth.uid())::text\n    and lower(storage.extension(name)) in ('pdf', 'png', 'jpg', 'jpeg', 'webp')\n  );",
  "create policy \"Owners update their files\"\n  on storage.objects\n  for update\n  to authenticated\n  using (bucket_id = 'user-files' and owner_id = (select auth.uid())::text)\n  with check (\n    bucket_id = 'user-files'\n    and owner_id = (select auth.uid())::text\n    and (storage.foldername(name))[1] = (select auth.uid())::text\n  );",
  "create policy \"Owners delete their files\"\n  on storage.objects\n  for delete\n  to authenticated\n  using (bucket_id = 'user-files' and owner_id = (select auth.uid())::text);"
]

// prettier-ignore
export const guideExamples: Record<string, GuideExample> = {
  "api/embedding#1": {
    file: "content/guides/api/embedding.mdx",
    line: 74,
    sql: [SQL[0]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"A Wizard of Earthsea","authors":{"name":"Ursula K. Le Guin"}},{"title":"The Left Hand of Darkness","authors":{"name":"Ursula K. Le Guin"}}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('title, authors(name)')
  .lt('published', 1970)
    },
  },
  "api/embedding#2": {
    file: "content/guides/api/embedding.mdx",
    line: 110,
    sql: [SQL[0]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"name":"Terry Pratchett","books":[{"title":"Guards! Guards!"},{"title":"Small Gods"}]},{"name":"Neil Gaiman","books":[]}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('authors')
  .select('name, books(title)')
  .eq('country', 'UK')
    },
  },
  "api/embedding#3": {
    file: "content/guides/api/embedding.mdx",
    line: 146,
    sql: [SQL[0]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"Guards! Guards!","tags":[{"name":"fantasy"},{"name":"comedy"}]},{"title":"Small Gods","tags":[{"name":"fantasy"},{"name":"comedy"}]}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('title, tags(name)')
  .eq('author_id', 3)
    },
  },
  "api/embedding#4": {
    file: "content/guides/api/embedding.mdx",
    line: 181,
    sql: [SQL[0]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"name":"Ursula K. Le Guin","books":[{"title":"The Left Hand of Darkness","published":1969}]},{"name":"Octavia E. Butler","books":[{"title":"Kindred","published":1979}]}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('authors')
  .select('name, books(title, published)')
  .eq('country', 'US')
  .order('published', { referencedTable: 'books', ascending: false })
  .limit(1, { referencedTable: 'books' })
    },
  },
  "api/embedding#5": {
    file: "content/guides/api/embedding.mdx",
    line: 214,
    sql: [SQL[0]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"Kindred","authors":null},{"title":"Guards! Guards!","authors":{"name":"Terry Pratchett"}},{"title":"Small Gods","authors":{"name":"Terry Pratchett"}}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('title, authors(name)')
  .eq('authors.country', 'UK')
  .gt('published', 1975)
    },
  },
  "api/embedding#6": {
    file: "content/guides/api/embedding.mdx",
    line: 249,
    sql: [SQL[0]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"Guards! Guards!","authors":{"name":"Terry Pratchett"}},{"title":"Small Gods","authors":{"name":"Terry Pratchett"}}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('title, authors!inner(name)')
  .eq('authors.country', 'UK')
    },
  },
  "api/embedding#7": {
    file: "content/guides/api/embedding.mdx",
    line: 285,
    sql: [SQL[0]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"name":"Neil Gaiman"}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('authors')
  .select('name, books()')
  .is('books', null)
    },
  },
  "api/embedding#8": {
    file: "content/guides/api/embedding.mdx",
    line: 317,
    sql: [SQL[0]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"Guards! Guards!","author":"Terry Pratchett","country":"UK"},{"title":"Small Gods","author":"Terry Pratchett","country":"UK"}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('title, ...authors(author:name, country)')
  .gt('published', 1980)
    },
  },
  "api/embedding#9": {
    file: "content/guides/api/embedding.mdx",
    line: 348,
    sql: [SQL[0]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"Guards! Guards!","book_tags":[{"name":"fantasy"},{"name":"comedy"}]}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('title, book_tags(...tags(name))')
  .eq('id', 4)
    },
  },
  "api/embedding#10": {
    file: "content/guides/api/embedding.mdx",
    line: 376,
    sql: [SQL[0]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":null,"error":{"code":"PGRST119","details":"'authors' and 'books' do not form a many-to-one or one-to-one relationship","hint":null,"message":"A spread operation on 'books' is not possible"},"status":400,"statusText":"Bad Request"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('authors')
  .select('name, ...books(title)')
    },
  },
  "api/embedding#11": {
    file: "content/guides/api/embedding.mdx",
    line: 423,
    sql: [SQL[0]!, SQL[1]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":null,"error":{"code":"PGRST201","details":[{"cardinality":"many-to-one","embedding":"books with authors","relationship":"books_author_id_fkey using books(author_id) and authors(id)"},{"cardinality":"many-to-one","embedding":"books with authors","relationship":"books_translator_id_fkey using books(translator_id) and authors(id)"}],"hint":"Try changing 'authors' to one of the following: 'authors!books_author_id_fkey', 'authors!books_translator_id_fkey'. Find the desired relationship in the 'details' key.","message":"Could not embed because more than one relationship was found for 'books' and 'authors'"},"status":300,"statusText":"Multiple Choices"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('title, authors(name)')
  .lt('published', 1970)
    },
  },
  "api/embedding#12": {
    file: "content/guides/api/embedding.mdx",
    line: 469,
    sql: [SQL[0]!, SQL[1]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"Tao Te Ching","author":{"name":"Lao Tzu"},"translator":{"name":"Ursula K. Le Guin"}}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('title, author:authors!author_id(name), translator:authors!translator_id(name)')
  .eq('id', 6)
    },
  },
  "api/embedding#13": {
    file: "content/guides/api/embedding.mdx",
    line: 503,
    sql: [SQL[0]!, SQL[1]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":null,"error":{"code":"PGRST200","details":"Searched for a foreign key relationship between 'tags' and 'authors' in the schema 'public', but no matches were found.","hint":null,"message":"Could not find a relationship between 'tags' and 'authors' in the schema cache"},"status":400,"statusText":"Bad Request"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('tags')
  .select('name, authors(name)')
    },
  },
  "api/filtering#1": {
    file: "content/guides/api/filtering.mdx",
    line: 57,
    sql: [SQL[2]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"Small Gods","published":1992},{"title":"Parable of the Sower","published":1993}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('title, published')
  .gte('published', 1990)
    },
  },
  "api/filtering#2": {
    file: "content/guides/api/filtering.mdx",
    line: 90,
    sql: [SQL[2]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"Guards! Guards!"}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('title')
  .eq('author', 'Terry Pratchett')
  .lt('published', 1990)
    },
  },
  "api/filtering#3": {
    file: "content/guides/api/filtering.mdx",
    line: 151,
    sql: [SQL[2]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"A Wizard of Earthsea","series":"Earthsea"},{"title":"Parable of the Sower","series":"Earthseed"}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('title, series')
  .in('series', ['Earthsea', 'Earthseed'])
    },
  },
  "api/filtering#4": {
    file: "content/guides/api/filtering.mdx",
    line: 183,
    sql: [SQL[2]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"Kindred"}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('title')
  .is('series', null)
    },
  },
  "api/filtering#5": {
    file: "content/guides/api/filtering.mdx",
    line: 216,
    sql: [SQL[2]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"A Wizard of Earthsea"},{"title":"The Left Hand of Darkness"},{"title":"Parable of the Sower"}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('title')
  .ilike('title', '%of%')
    },
  },
  "api/filtering#6": {
    file: "content/guides/api/filtering.mdx",
    line: 250,
    sql: [SQL[2]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"A Wizard of Earthsea"},{"title":"The Left Hand of Darkness"},{"title":"Guards! Guards!"},{"title":"Small Gods"}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('title')
  .or('published.lt.1970,price.lt.9')
    },
  },
  "api/filtering#7": {
    file: "content/guides/api/filtering.mdx",
    line: 283,
    sql: [SQL[2]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"Guards! Guards!"},{"title":"Small Gods"},{"title":"Parable of the Sower"}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('title')
  .or('author.eq.Terry Pratchett,and(published.gt.1990,price.gte.12)')
    },
  },
  "api/filtering#8": {
    file: "content/guides/api/filtering.mdx",
    line: 321,
    sql: [SQL[2]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"Guards! Guards!"},{"title":"Small Gods"}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('title')
  .contains('genres', ['fantasy', 'comedy'])
    },
  },
  "api/filtering#9": {
    file: "content/guides/api/filtering.mdx",
    line: 346,
    sql: [SQL[2]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"Kindred"},{"title":"Guards! Guards!"},{"title":"Small Gods"}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('title')
  .overlaps('genres', ['historical', 'comedy'])
    },
  },
  "api/filtering#10": {
    file: "content/guides/api/filtering.mdx",
    line: 376,
    sql: [SQL[2]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"The Left Hand of Darkness","format":"hardcover"},{"title":"Parable of the Sower","format":"hardcover"}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('title, format:details->>format')
  .eq('details->>format', 'hardcover')
    },
  },
  "api/filtering#11": {
    file: "content/guides/api/filtering.mdx",
    line: 409,
    sql: [SQL[2]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":{"title":"Kindred","price":10},"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('title, price')
  .eq('id', 3)
  .single()
    },
  },
  "api/filtering#12": {
    file: "content/guides/api/filtering.mdx",
    line: 438,
    sql: [SQL[2]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":null,"error":{"code":"PGRST116","details":"The result contains 2 rows","hint":null,"message":"JSON object requested, multiple (or no) rows returned"},"status":406,"statusText":"Not Acceptable"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('title')
  .eq('series', 'Discworld')
  .single()
    },
  },
  "api/hardening#1": {
    file: "content/guides/api/hardening.mdx",
    line: 76,
    sql: [SQL[3]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":null,"error":{"code":"PGRST106","details":null,"hint":null,"message":"The schema must be one of the following: public, graphql_public"},"status":406,"statusText":"Not Acceptable"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .schema('private')
  .from('supplier_prices')
  .select()
    },
  },
  "api/hardening#2": {
    file: "content/guides/api/hardening.mdx",
    line: 147,
    sql: [SQL[3]!, SQL[4]!, SQL[5]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"A Wizard of Earthsea","price":9.99},{"title":"Kindred","price":10},{"title":"Small Gods","price":8.99}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('books').select('title, price')
    },
  },
  "api/hardening#3": {
    file: "content/guides/api/hardening.mdx",
    line: 175,
    sql: [SQL[3]!, SQL[4]!, SQL[5]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":null,"error":{"code":"42501","details":null,"hint":null,"message":"permission denied for table books"},"status":401,"statusText":"Unauthorized"},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('books').select()
    },
  },
  "api/hardening#4": {
    file: "content/guides/api/hardening.mdx",
    line: 278,
    sql: [SQL[3]!, SQL[4]!, SQL[5]!, SQL[6]!, SQL[7]!, SQL[8]!],
    api: {"schemas":["public","graphql_public","api"],"maxRows":1000},
    expected: {"data":[{"title":"A Wizard of Earthsea","price":9.99},{"title":"Small Gods","price":8.99}],"error":null,"status":200,"statusText":"OK"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .schema('api')
  .from('catalog')
  .select('title, price')
  .lt('price', 10)
    },
  },
  "api/hardening#5": {
    file: "content/guides/api/hardening.mdx",
    line: 334,
    sql: [SQL[3]!, SQL[4]!, SQL[5]!, SQL[6]!, SQL[7]!, SQL[8]!, SQL[9]!],
    api: {"schemas":["public","graphql_public","api"],"maxRows":1000},
    expected: {"data":null,"error":null,"status":206,"statusText":"Partial Content","count":1500},
    run: async (supabase, console) => {
const { count, error } = await supabase
  .from('visits')
  .select('*', { count: 'exact', head: true })
    },
  },
  "api/index#1": {
    file: "content/guides/api/index.mdx",
    line: 88,
    sql: [SQL[10]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"A Wizard of Earthsea","published":1968},{"title":"The Left Hand of Darkness","published":1969},{"title":"Kindred","published":1979},{"title":"Guards! Guards!","published":1989},{"title":"Small Gods","published":1992},{"title":"Parable of the Sower","published":1993}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('title, published')
  .order('published')
    },
  },
  "api/index#2": {
    file: "content/guides/api/index.mdx",
    line: 192,
    sql: [SQL[10]!, SQL[11]!, SQL[12]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":null,"error":{"code":"42501","details":null,"hint":null,"message":"new row violates row-level security policy for table \"reviews\""},"status":401,"statusText":"Unauthorized"},
    run: async (supabase, console) => {
const { error } = await supabase
  .from('reviews')
  .insert({ book_id: 3, rating: 5 })
    },
  },
  "api/index#3": {
    file: "content/guides/api/index.mdx",
    line: 330,
    sql: [SQL[10]!, SQL[11]!, SQL[12]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":null,"error":{"code":"42703","details":null,"hint":"Perhaps you meant to reference the column \"books.title\".","message":"column books.titel does not exist"},"status":400,"statusText":"Bad Request"},
    run: async (supabase, console) => {
const { data, error, status } = await supabase.from('books').select('titel')
if (error) console.error(status, error.code, error.message, error.hint)
    },
  },
  "api/pagination#1": {
    file: "content/guides/api/pagination.mdx",
    line: 46,
    sql: [SQL[13]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"id":4,"title":"Kindred"},{"id":5,"title":"Guards! Guards!"},{"id":6,"title":"Good Omens"}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('id, title')
  .order('id')
  .range(3, 5)
    },
  },
  "api/pagination#2": {
    file: "content/guides/api/pagination.mdx",
    line: 111,
    sql: [SQL[13]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"id":1,"title":"A Wizard of Earthsea"},{"id":2,"title":"The Left Hand of Darkness"},{"id":3,"title":"The Dispossessed"}],"error":null,"status":206,"statusText":"Partial Content","count":8},
    run: async (supabase, console) => {
const { data, count, error } = await supabase
  .from('books')
  .select('id, title', { count: 'exact' })
  .order('id')
  .range(0, 2)
// count is 8
    },
  },
  "api/pagination#3": {
    file: "content/guides/api/pagination.mdx",
    line: 149,
    sql: [SQL[13]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":null,"error":null,"status":200,"statusText":"OK","count":3},
    run: async (supabase, console) => {
const { count, error } = await supabase
  .from('books')
  .select('*', { count: 'exact', head: true })
  .gte('published', 1990)
    },
  },
  "api/pagination#4": {
    file: "content/guides/api/pagination.mdx",
    line: 196,
    sql: [SQL[13]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":null,"error":{"code":"PGRST103","details":"An offset of 9 was requested, but there are only 8 rows.","hint":null,"message":"Requested range not satisfiable"},"status":416,"statusText":"Requested Range Not Satisfiable"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('id', { count: 'exact' })
  .order('id')
  .range(9, 11)
    },
  },
  "api/pagination#5": {
    file: "content/guides/api/pagination.mdx",
    line: 234,
    sql: [SQL[13]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"id":4,"title":"Kindred"},{"id":5,"title":"Guards! Guards!"},{"id":6,"title":"Good Omens"}],"error":null},
    run: async (supabase, console) => {
const lastId = 3
const { data, error } = await supabase
  .from('books')
  .select('id, title')
  .gt('id', lastId)
  .order('id')
  .limit(3)
    },
  },
  "api/pagination#6": {
    file: "content/guides/api/pagination.mdx",
    line: 269,
    sql: [SQL[13]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"id":5,"title":"Guards! Guards!","published":1989},{"id":4,"title":"Kindred","published":1979},{"id":3,"title":"The Dispossessed","published":1974}],"error":null},
    run: async (supabase, console) => {
const last = { published: 1990, id: 6 }
const { data, error } = await supabase
  .from('books')
  .select('id, title, published')
  .or(`published.lt.${last.published},and(published.eq.${last.published},id.lt.${last.id})`)
  .order('published', { ascending: false })
  .order('id', { ascending: false })
  .limit(3)
    },
  },
  "api/rpc#1": {
    file: "content/guides/api/rpc.mdx",
    line: 100,
    sql: [SQL[14]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":5,"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase.rpc('book_count')
    },
  },
  "api/rpc#2": {
    file: "content/guides/api/rpc.mdx",
    line: 130,
    sql: [SQL[14]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"Small Gods","published":1992},{"title":"Guards! Guards!","published":1989}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .rpc('books_by', { author_name: 'Terry Pratchett' })
  .select('title, published')
  .order('published', { ascending: false })
    },
  },
  "api/rpc#3": {
    file: "content/guides/api/rpc.mdx",
    line: 168,
    sql: [SQL[14]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"A Wizard of Earthsea","stock":3}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .rpc('books_by', { author_name: 'Ursula K. Le Guin' }, { get: true })
  .select('title, stock')
  .gt('stock', 1)
    },
  },
  "api/rpc#4": {
    file: "content/guides/api/rpc.mdx",
    line: 209,
    sql: [SQL[14]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":2,"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase.rpc('reserve_book', { book_id: 1 })
    },
  },
  "api/rpc#5": {
    file: "content/guides/api/rpc.mdx",
    line: 235,
    sql: [SQL[14]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":null,"error":{"code":"25006","details":null,"hint":null,"message":"cannot execute UPDATE in a read-only transaction"},"status":405,"statusText":"Method Not Allowed"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .rpc('reserve_book', { book_id: 1 }, { get: true })
    },
  },
  "api/rpc#6": {
    file: "content/guides/api/rpc.mdx",
    line: 276,
    sql: [SQL[14]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":null,"error":{"code":"PT409","details":null,"hint":null,"message":"Book 3 is out of stock"},"status":409,"statusText":"Book 3 is out of stock"},
    run: async (supabase, console) => {
const { data, error, status } = await supabase
  .rpc('reserve_book', { book_id: 3 })
// status is 409, error.message is 'Book 3 is out of stock'
    },
  },
  "api/rpc#7": {
    file: "content/guides/api/rpc.mdx",
    line: 309,
    sql: [SQL[14]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":null,"error":{"code":"PGRST202","details":"Searched for the function public.books_by with parameter author or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.","hint":"Perhaps you meant to call the function public.books_by(author_name)","message":"Could not find the function public.books_by(author) in the schema cache"},"status":404,"statusText":"Not Found"},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .rpc('books_by', { author: 'Terry Pratchett' })
    },
  },
  "api/rpc#8": {
    file: "content/guides/api/rpc.mdx",
    line: 349,
    sql: [SQL[14]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"The Left Hand of Darkness"},{"title":"Small Gods"}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .rpc('books_in', { ids: [2, 5] })
  .select('title')
    },
  },
  "api/rpc#9": {
    file: "content/guides/api/rpc.mdx",
    line: 390,
    sql: [SQL[14]!, SQL[15]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":null,"error":{"code":"42501","details":null,"hint":null,"message":"permission denied for function reserve_book"},"status":401,"statusText":"Unauthorized"},
    run: async (supabase, console) => {
const { data, error } = await supabase.rpc('reserve_book', { book_id: 2 })
    },
  },
  "api/typescript#1": {
    file: "content/guides/api/typescript.mdx",
    line: 182,
    sql: [SQL[16]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":{"title":"Guards! Guards!","published":1989,"author":{"name":"Terry Pratchett"}},"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .from('books')
  .select('title, published, author:authors(name)')
  .eq('id', 3)
  .single()
// data: { title: string; published: number; author: { name: string } } | null
    },
  },
  "api/typescript#2": {
    file: "content/guides/api/typescript.mdx",
    line: 260,
    sql: [SQL[16]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"Guards! Guards!","published":1989},{"title":"Small Gods","published":1992}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase
  .rpc('books_by', { author_name: 'Terry Pratchett' })
  .select('title, published')
  .order('published')
// data: { title: string; published: number }[] | null
    },
  },
  "api/typescript#3": {
    file: "content/guides/api/typescript.mdx",
    line: 296,
    sql: [SQL[16]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"title":"Guards! Guards!","details":{"pages":288,"format":"hardcover"}},{"title":"Small Gods","details":{"format":"ebook"}}],"error":null},
    run: async (supabase, console) => {
type BookDetails = { format: 'paperback' | 'hardcover' | 'ebook'; pages?: number }

const { data, error } = await supabase
  .from('books')
  .select('title, details')
  .eq('author_id', 3)
  .overrideTypes<Array<{ details: BookDetails }>>()
// data: { title: string; details: BookDetails }[] | null
    },
  },
  "database/index#1": {
    file: "content/guides/database/index.mdx",
    line: 48,
    sql: [SQL[17]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    expected: {"data":[{"id":1,"name":"Espresso cup","price":12.5},{"id":2,"name":"Pour-over kettle","price":48}],"error":null},
    run: async (supabase, console) => {
const { data, error } = await supabase.from('products').select('id, name, price').order('price')
if (error) throw error
console.log(data)
    },
  },
  "getting-started/upgrade-supabase-js-v1-to-v2#1": {
    file: "content/guides/getting-started/upgrade-supabase-js-v1-to-v2.mdx",
    line: 161,
    sql: [],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    client: "signed-in",
    run: async (supabase, console) => {
const {
  data: { session },
} = await supabase.auth.getSession()
const {
  data: { user },
} = await supabase.auth.getUser()
    },
  },
  "getting-started/upgrade-supabase-js-v1-to-v2#2": {
    file: "content/guides/getting-started/upgrade-supabase-js-v1-to-v2.mdx",
    line: 184,
    sql: [],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    run: async (supabase, console) => {
await supabase.auth.signUp({
  email: 'ride@example.com',
  password: 'correct-horse-battery-staple',
  options: { data: { display_name: 'Sally' }, emailRedirectTo: 'https://example.com/welcome' },
})
    },
  },
  "getting-started/upgrade-supabase-js-v1-to-v2#3": {
    file: "content/guides/getting-started/upgrade-supabase-js-v1-to-v2.mdx",
    line: 219,
    sql: [],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    client: "service-role",
    run: async (supabase, console) => {
const { data, error } = await supabase.auth.admin.createUser({ email: 'lovell@example.com' })
const user = data.user
    },
  },
  "getting-started/upgrade-supabase-js-v1-to-v2#4": {
    file: "content/guides/getting-started/upgrade-supabase-js-v1-to-v2.mdx",
    line: 236,
    sql: [],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    client: "service-role",
    run: async (supabase, console) => {
const { data, error } = await supabase.auth.admin.generateLink({
  type: 'signup',
  email: 'lovell@example.com',
  password: 'correct-horse-battery-staple',
  options: { redirectTo: 'https://example.com/welcome' },
})
const link = data.properties?.action_link
    },
  },
  "storage/access-control#1": {
    file: "content/guides/storage/access-control.mdx",
    line: 155,
    sql: [SQL[18]!, SQL[19]!, SQL[20]!, SQL[21]!, SQL[22]!, SQL[23]!],
    api: {"schemas":["public","graphql_public"],"maxRows":1000},
    client: "signed-in",
    run: async (supabase, console) => {
const {
  data: { user },
} = await supabase.auth.getUser()
const { data, error } = await supabase.storage
  .from('user-files')
  .upload(`${user!.id}/contract.pdf`, new Blob(['%PDF-1.4'], { type: 'application/pdf' }))
    },
  },
}
