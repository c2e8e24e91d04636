-- Data representations (22-representations.yaml): domains with implicit casts by a function to
-- json (how a value is written out) and from json and text (how a body value and a filter value
-- are read).
create domain dr_hex as integer check (value >= 0 and value <= 16777215);

create function dr_hex_from_text(text) returns dr_hex immutable language sql as $$
  select (('x' || lpad(ltrim($1, '#'), 8, '0'))::bit(32)::int)::dr_hex
$$;

create function dr_hex_from_json(json) returns dr_hex immutable language sql as $$
  select dr_hex_from_text($1 #>> '{}')
$$;

create function dr_hex_to_json(dr_hex) returns json immutable language sql as $$
  select case when $1 is null then to_json(''::text) else to_json('#' || lpad(upper(to_hex($1)), 6, '0')) end
$$;

create cast (dr_hex as json) with function dr_hex_to_json(dr_hex) as implicit;
create cast (json as dr_hex) with function dr_hex_from_json(json) as implicit;
create cast (text as dr_hex) with function dr_hex_from_text(text) as implicit;

-- An amount in cents written as a decimal string; no cast from text, so filters read it as bigint.
create domain dr_cents as bigint;

create function dr_cents_to_json(dr_cents) returns json immutable language sql as $$
  select to_json(to_char($1 / 100.0, 'FM999999990.00'))
$$;

create function dr_cents_from_json(json) returns dr_cents immutable language sql as $$
  select (round(($1 #>> '{}')::numeric * 100))::bigint::dr_cents
$$;

create cast (dr_cents as json) with function dr_cents_to_json(dr_cents) as implicit;
create cast (json as dr_cents) with function dr_cents_from_json(json) as implicit;

create table dr_labels (
  id int primary key,
  name text,
  color dr_hex default 0,
  price dr_cents
);

create table dr_boards (
  id int primary key,
  title text not null,
  first_label_id int references dr_labels (id)
);

create view dr_labels_dark as
  select id, name, color, (color / 2)::dr_hex as dark from dr_labels;

insert into dr_labels values
  (1, 'Report', 0, 1250),
  (2, 'Essay', 256, 10000000),
  (3, 'Algebra', 123456, 0),
  (4, 'Misc', null, null);
insert into dr_boards values (1, 'Sprint', 2), (2, 'Backlog', 1);

-- a computed relationship to the represented table
create function dr_board_label(dr_boards) returns setof dr_labels rows 1 stable language sql as $$
  select * from dr_labels where id = $1.first_label_id
$$;
