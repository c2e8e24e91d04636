-- Fixture for 18-functions.yaml: overloaded functions, single unnamed parameters, variadic
-- parameters, typed and quoted arguments, OUT parameters. Every name starts with fn_.

-- Overloads that the argument names tell apart (and one that takes the whole JSON body).
create function fn_pick() returns setof int
  language sql immutable as $$ values (10), (20) $$;
create function fn_pick(json) returns json
  language sql immutable as $$ select $1 $$;
create function fn_pick(a int, b int) returns int
  language sql immutable as $$ select a * b $$;
create function fn_pick(a text, b text, c text) returns text
  language sql immutable as $$ select a || '-' || b || '-' || c $$;

-- Overloads with the same argument names: PostgREST cannot choose.
create function fn_same_names(v int) returns text
  language sql immutable as $$ select 'integer' $$;
create function fn_same_names(v text) returns text
  language sql immutable as $$ select 'text' $$;
create function fn_same_names(v date, extra int default 0) returns text
  language sql immutable as $$ select 'date' $$;

-- Two functions that would each take a whole JSON body.
create function fn_two_bodies(json) returns json
  language sql immutable as $$ select $1 $$;
create function fn_two_bodies(jsonb) returns jsonb
  language sql immutable as $$ select $1 $$;
create function fn_two_bodies(x int, y int) returns int
  language sql immutable as $$ select x + y $$;

-- A single unnamed parameter of each type a body can fill.
create function fn_text_body(text) returns text
  language sql immutable as $$ select 'got: ' || $1 $$;
create function fn_xml_body(xml) returns text
  language sql immutable as $$ select (xpath('/note/to/text()', $1))[1]::text $$;
create function fn_bytea_body(bytea) returns text
  language sql immutable as $$ select encode($1, 'hex') $$;

-- Variadic parameters.
create function fn_variadic(variadic v text[] default '{}') returns text[]
  language sql immutable as $$ select v $$;
create function fn_greet_variadic(name text, variadic v text[]) returns text
  language sql immutable as $$ select 'Hello, ' || name $$;

-- Typed arguments, read from JSON or from the query string.
create function fn_typed(d date, n numeric, b boolean, arr int[], j jsonb default '{}') returns json
  language sql immutable as $$
    select json_build_object('d', d, 'n', n, 'b', b, 'arr', arr, 'j', j) $$;

-- character(n) arguments reach the function whole; the table's column then refuses them.
create table fn_codes (code char(4));
create function fn_char_args(code char(4), codes char(4)[]) returns table (code char, codes char[])
  language sql immutable as $$ select $1, $2 $$;
create function fn_char_insert(code char(4)) returns void
  language sql volatile as $$ insert into fn_codes (code) values ($1) $$;

-- Argument names that need quoting.
create function "fn_Quoted"("userName" text, "SSN" text) returns json
  language sql immutable as $$ select json_build_object('userName', "userName", 'SSN', "SSN") $$;

-- Prefer: params=single-object hands the whole body to a named json parameter.
create function fn_single(payload json) returns json
  language sql immutable as $$ select payload $$;

-- OUT and INOUT parameters and TABLE results come back as objects.
create function fn_out(num int, out plus_one int)
  language sql immutable as $$ select num + 1 $$;
create function fn_inout(inout num int, inout label text default 'none')
  language sql immutable as $$ select num * 2, upper(label) $$;
create function fn_table() returns table (a text, b int)
  language sql immutable as $$ values ('A', 1), ('B', 2) $$;

-- Volatile, but it only reads: GET is fine (the read-only transaction is only broken by writes).
create function fn_volatile_read() returns int
  language sql volatile as $$ select 42 $$;
