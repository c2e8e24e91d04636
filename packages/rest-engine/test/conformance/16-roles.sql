-- Roles, grants and row level security for 16-roles.yaml (PostgREST's Auth.hs, Query.hs
-- setPgLocals and db-pre-request). The roles are the cluster's, so making them is guarded.
do $$
begin
  if not exists (select from pg_roles where rolname = 'api_anon') then create role api_anon nologin; end if;
  if not exists (select from pg_roles where rolname = 'api_user') then create role api_user nologin; end if;
end
$$;

-- Notes each signed-in user sees only their own of (the `sub` claim), as auth.uid() policies do.
create table owner_notes (
  id int primary key,
  owner text not null,
  body text not null
);
insert into owner_notes (id, owner, body) values
  (1, 'user-a', 'first note of a'),
  (2, 'user-b', 'note of b'),
  (3, 'user-a', 'second note of a');
alter table owner_notes enable row level security;
create policy owner_notes_own on owner_notes
  using (owner = current_setting('request.jwt.claims', true)::json->>'sub');
grant select, insert on owner_notes to api_user;

-- Open to both roles.
create table bulletins (id int primary key, message text not null);
insert into bulletins (id, message) values (1, 'open to all'), (2, 'also open');
grant select on bulletins to api_anon, api_user;

-- Only the signed-in role may call it.
create function staff_greeting(name text) returns text
  language sql as $$ select 'Welcome, ' || name $$;
revoke execute on function staff_greeting(text) from public;
grant execute on function staff_greeting(text) to api_user;

create function whoami() returns text language sql as $$ select current_user::text $$;

-- A transaction setting (`request.method`, `role` ...), and a key of a JSON one (`request.headers`).
create function request_setting(name text) returns text
  language sql as $$ select nullif(current_setting(name, true), '') $$;
create function request_json(prefix text, name text) returns text
  language sql as $$ select current_setting(prefix, true)::json->>name $$;

-- db-pre-request: picks a role from the `user_id` claim, refuses some ids, and refuses a request
-- whose `X-Block` header says so with a status of its choosing (PTxyz).
create function check_request() returns void language plpgsql as $$
declare
  user_id text := current_setting('request.jwt.claims', true)::json->>'user_id';
begin
  if user_id = '1' then
    execute 'set local role api_user';
  elsif user_id = '3' then
    raise exception 'Disabled ID --> %', user_id using hint = 'Please contact administrator';
  end if;
  if current_setting('request.headers', true)::json->>'x-block' = 'yes' then
    raise sqlstate 'PT429' using message = 'Slow down', detail = 'Blocked before the query';
  end if;
end
$$;
