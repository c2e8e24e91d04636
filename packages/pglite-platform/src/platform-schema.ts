/**
 * SQL that gives a bare Postgres the parts of the platform that documented SQL leans on: the API
 * roles; the `auth` schema, with the auth service's own tables in their GoTrue v2.157.1 shape (so
 * `@docs/auth-engine` can answer for the auth service on them) and the JWT helper functions; the
 * `storage` schema (buckets and objects) and the `realtime` parts that SQL touches (the
 * publication, the messages table and its functions). Storage and realtime are stand-ins, not
 * copies: only the columns and functions that policies, triggers and quickstarts use are there.
 *
 * Every statement is idempotent, so the script can be applied to a database twice. No Node and no
 * DOM: the browser imports it too (`@docs/pglite-platform/schema`).
 */

/**
 * The roles the platform's API gateway switches to, taken from the `role` claim of the JWT, with
 * what they may reach in `public`. Alone, it gives any database the platform's API roles.
 */
export const apiRolesSql = /* sql */ `
do $roles$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    -- The service key is trusted server code: row-level security does not apply to it.
    create role service_role nologin noinherit bypassrls;
  end if;
end
$roles$;

-- Tables, functions and sequences created in public are reachable through the API by default;
-- row-level security decides which rows each role sees.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

-- Extensions live in their own schema on the platform.
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
`

const authSql = /* sql */ `
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

-- The auth service's tables in the shape its migrations leave them at GoTrue v2.157.1 (the
-- version the CLI 1.187 stack runs); written by the auth service, never reachable through the API.
-- The defaults on id, aud, role, the metadata and the timestamps are ours: they let SQL that adds
-- a user by hand (insert into auth.users (id, email) ...) get a usable row.
do $types$
begin
  create type auth.factor_type as enum ('totp', 'webauthn');
  create type auth.factor_status as enum ('unverified', 'verified');
  create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  create type auth.code_challenge_method as enum ('s256', 'plain');
  create type auth.one_time_token_type as enum (
    'confirmation_token', 'reauthentication_token', 'recovery_token',
    'email_change_token_new', 'email_change_token_current', 'phone_change_token'
  );
exception
  when duplicate_object then null;
end
$types$;

create table if not exists auth.users (
  instance_id uuid,
  id uuid not null default gen_random_uuid() primary key,
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb default '{}'::jsonb,
  raw_user_meta_data jsonb default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  phone text unique default null,
  phone_confirmed_at timestamptz default null,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz default null,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz default null,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
comment on column auth.users.is_sso_user is 'Auth: Set this column to true when the account comes from SSO. These accounts can have duplicate emails.';
create index if not exists users_instance_id_idx on auth.users (instance_id);
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email));
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
create unique index if not exists confirmation_token_idx on auth.users (confirmation_token) where confirmation_token !~ '^[0-9 ]*$';
create unique index if not exists recovery_token_idx on auth.users (recovery_token) where recovery_token !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_current_idx on auth.users (email_change_token_current) where email_change_token_current !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_new_idx on auth.users (email_change_token_new) where email_change_token_new !~ '^[0-9 ]*$';
create unique index if not exists reauthentication_token_idx on auth.users (reauthentication_token) where reauthentication_token !~ '^[0-9 ]*$';
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

create table if not exists auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp without time zone,
  user_agent text,
  ip inet,
  tag text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create index if not exists user_id_created_at_idx on auth.sessions (user_id, created_at);
create index if not exists sessions_not_after_idx on auth.sessions (not_after desc);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) constraint refresh_tokens_token_unique unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_instance_id_idx on auth.refresh_tokens (instance_id);
create index if not exists refresh_tokens_instance_id_user_id_idx on auth.refresh_tokens (instance_id, user_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_updated_at_idx on auth.refresh_tokens (updated_at desc);

create table if not exists auth.mfa_factors (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text
);
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);

create table if not exists auth.mfa_challenges (
  id uuid not null primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null
);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null constraint amr_id_pk primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

create table if not exists auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp without time zone not null default now(),
  updated_at timestamp without time zone not null default now()
);
create index if not exists one_time_tokens_token_hash_hash_idx on auth.one_time_tokens using hash (token_hash);
create index if not exists one_time_tokens_relates_to_hash_idx on auth.one_time_tokens using hash (relates_to);
create unique index if not exists one_time_tokens_user_id_token_type_key on auth.one_time_tokens (user_id, token_type);

create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text not null,
  code_challenge_method auth.code_challenge_method not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);
create index if not exists flow_state_created_at_idx on auth.flow_state (created_at desc);

create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid not null primary key,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default ''
);
create index if not exists audit_logs_instance_id_idx on auth.audit_log_entries (instance_id);

-- As the auth service's last migration of this version does: row-level security on, no policies
-- (the auth service connects as the tables' owner, which it does not restrict).
alter table auth.users enable row level security;
alter table auth.identities enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;
alter table auth.mfa_factors enable row level security;
alter table auth.mfa_challenges enable row level security;
alter table auth.mfa_amr_claims enable row level security;
alter table auth.one_time_tokens enable row level security;
alter table auth.flow_state enable row level security;
alter table auth.audit_log_entries enable row level security;

-- The API gateway stores the verified JWT payload in the request.jwt.claims setting of the
-- transaction; these functions read it back. Older gateways set one setting per claim
-- (request.jwt.claim.sub ...), which is still honoured.
create or replace function auth.jwt() returns jsonb
language sql stable
as $fn$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$fn$;

create or replace function auth.uid() returns uuid
language sql stable
as $fn$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    auth.jwt() ->> 'sub'
  )::uuid
$fn$;

create or replace function auth.role() returns text
language sql stable
as $fn$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    auth.jwt() ->> 'role'
  )
$fn$;

create or replace function auth.email() returns text
language sql stable
as $fn$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    auth.jwt() ->> 'email'
  )
$fn$;
`

const storageSql = /* sql */ `
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  public boolean not null default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The storage service writes one row per file, as the caller's role and with the caller's
-- claims; it records the caller's user id as the owner, which the defaults below reproduce.
create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid default auth.uid(),
  owner_id text default (auth.jwt() ->> 'sub'),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_accessed_at timestamptz not null default now(),
  constraint objects_bucket_id_name_key unique (bucket_id, name)
);

-- Columns the storage service's later migrations (up to v1.0.6) add, for databases made by an
-- earlier version of this stand-in.
alter table storage.buckets add column if not exists avif_autodetection boolean default false;
alter table storage.buckets add column if not exists owner_id text;
alter table storage.objects add column if not exists version text;
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);
create index if not exists idx_objects_bucket_id_name on storage.objects (bucket_id, (name collate "C"));

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql
as $fn$
begin
  new.updated_at = now();
  return new;
end
$fn$;

drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets to anon, authenticated, service_role;
grant all on storage.objects to anon, authenticated, service_role;

-- Path helpers used in policies: for 'a/b/photo.png' the folders are {a,b}, the file name is
-- 'photo.png' and the extension is 'png'. As on the platform, a name without a dot is its own
-- extension.
create or replace function storage.foldername(name text) returns text[]
language sql immutable
as $fn$
  select (string_to_array(name, '/'))[1:cardinality(string_to_array(name, '/')) - 1]
$fn$;

create or replace function storage.filename(name text) returns text
language sql immutable
as $fn$
  select (string_to_array(name, '/'))[cardinality(string_to_array(name, '/'))]
$fn$;

create or replace function storage.extension(name text) returns text
language sql immutable
as $fn$
  select reverse(split_part(reverse(storage.filename(name)), '.', 1))
$fn$;

-- The listing behind the storage API's list: the folders and files one level below the prefix,
-- folders first, as the caller (row-level security applies). Same signature and body as the
-- storage service's migration 0023.
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
) returns table (
  name text,
  id uuid,
  updated_at timestamptz,
  created_at timestamptz,
  last_accessed_at timestamptz,
  metadata jsonb
)
language plpgsql stable
as $fn$
declare
  v_order_by text;
  v_sort_order text;
begin
  v_order_by := case sortcolumn
    when 'updated_at' then 'updated_at'
    when 'created_at' then 'created_at'
    when 'last_accessed_at' then 'last_accessed_at'
    else 'name'
  end;
  v_sort_order := case sortorder when 'desc' then 'desc' else 'asc' end;
  v_order_by := v_order_by || ' ' || v_sort_order;

  return query execute
    'with folders as (
       select path_tokens[$1] as folder
       from storage.objects
       where objects.name ilike $2 || $3 || ''%''
         and bucket_id = $4
         and array_length(objects.path_tokens, 1) <> $1
       group by folder
       order by folder ' || v_sort_order || '
     )
     (select folder as "name", null as id, null as updated_at, null as created_at,
             null as last_accessed_at, null as metadata
      from folders)
     union all
     (select path_tokens[$1] as "name", id, updated_at, created_at, last_accessed_at, metadata
      from storage.objects
      where objects.name ilike $2 || $3 || ''%''
        and bucket_id = $4
        and array_length(objects.path_tokens, 1) = $1
      order by ' || v_order_by || ')
     limit $5
     offset $6' using levels, prefix, search, bucketname, limits, offsets;
end
$fn$;

-- Bytes stored per bucket, from each object's metadata.
create or replace function storage.get_size_by_bucket()
returns table (size bigint, bucket_id text)
language plpgsql
as $fn$
begin
  return query
    select sum((obj.metadata ->> 'size')::int) as size, obj.bucket_id
    from storage.objects as obj
    group by obj.bucket_id;
end
$fn$;

-- Tries an insert as the caller and always rolls it back: raises 42501 when a policy refuses it,
-- and PT200 ('ROLLBACK') when it would have been allowed.
create or replace function storage.can_insert_object(bucketid text, name text, owner uuid, metadata jsonb)
returns void
language plpgsql
as $fn$
begin
  insert into storage.objects (bucket_id, name, owner, metadata) values (bucketid, name, owner, metadata);
  raise sqlstate 'PT200' using message = 'ROLLBACK', detail = 'rollback successful insert';
end
$fn$;
`

const realtimeSql = /* sql */ `
-- Postgres changes stream the tables of this publication; projects start with it empty.
do $publication$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$publication$;

create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

-- Broadcast messages sent from the database, and the rows the realtime service tries to read or
-- write as the joining user to authorize a private channel (policies here decide who may join).
create table if not exists realtime.messages (
  id uuid not null default gen_random_uuid(),
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  inserted_at timestamp not null default now(),
  updated_at timestamp not null default now(),
  primary key (id, inserted_at)
);

alter table realtime.messages enable row level security;
grant select, insert on realtime.messages to anon, authenticated, service_role;

-- The channel topic the service is authorizing; it sets realtime.topic for the check.
create or replace function realtime.topic() returns text
language sql stable
as $fn$
  select nullif(current_setting('realtime.topic', true), '')
$fn$;

-- Queues a broadcast message for a topic. As on the platform, a failure is a warning, so a
-- trigger that broadcasts never aborts the write that fired it.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
as $fn$
begin
  perform set_config('realtime.topic', topic, true);
  insert into realtime.messages (payload, event, topic, private, extension)
  values (payload, event, topic, private, 'broadcast');
exception
  when others then
    raise warning 'realtime.send failed: %', sqlerrm;
end
$fn$;

-- For row triggers: broadcasts the change in the shape the postgres_changes payload uses.
create or replace function realtime.broadcast_changes(
  topic_name text,
  event_name text,
  operation text,
  table_name text,
  table_schema text,
  new record,
  old record,
  level text default 'ROW'
) returns void
language plpgsql
as $fn$
begin
  if level = 'STATEMENT' then
    raise exception 'realtime.broadcast_changes works for row triggers only';
  end if;
  if operation not in ('INSERT', 'UPDATE', 'DELETE') then
    raise exception 'unexpected operation %', operation;
  end if;
  perform realtime.send(
    jsonb_build_object(
      'operation', operation,
      'schema', table_schema,
      'table', table_name,
      'record', to_jsonb(new),
      'old_record', to_jsonb(old)
    ),
    event_name,
    topic_name
  );
end
$fn$;
`

/** The whole stand-in, in the order it must be applied. */
export const platformSchemaSql: string = [apiRolesSql, authSql, storageSql, realtimeSql].join('\n')
