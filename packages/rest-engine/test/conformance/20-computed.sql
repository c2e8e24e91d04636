-- Computed relationships and computed columns (20-computed.yaml): functions that take a row of a
-- table and return rows of a table (a relationship) or a single value (a column).
create table cr_studios (
  id int primary key,
  name text not null
);

create table cr_games (
  id int primary key,
  title text not null,
  released int not null,
  studio_id int references cr_studios(id)
);

create table cr_folders (
  id int primary key,
  name text not null,
  parent_id int references cr_folders(id)
);

insert into cr_studios values (1, 'Northwind'), (2, 'Blue Harbor'), (3, 'Quiet Lake');
insert into cr_games values
  (1, 'Ember Road', 2017, 1),
  (2, 'Ember Road II', 2019, 1),
  (3, 'Tide Pool', 2019, 2),
  (4, 'Lantern', 2021, null);
insert into cr_folders values (1, 'root', null), (2, 'docs', 1), (3, 'src', 1), (4, 'guides', 2);

-- to-one: setof with rows 1
create function cr_maker(cr_games) returns setof cr_studios rows 1 stable language sql as $$
  select * from cr_studios where id = $1.studio_id
$$;

-- to-one: a single row
create function cr_maker_one(cr_games) returns cr_studios stable language sql as $$
  select * from cr_studios where id = $1.studio_id
$$;

-- to-many
create function cr_catalogue(cr_studios) returns setof cr_games stable language sql as $$
  select * from cr_games where studio_id = $1.id order by id
$$;

-- Named after a table: replaces the foreign key's relationship from cr_games to cr_studios.
create function cr_studios(cr_games) returns setof cr_studios rows 1 stable language sql as $$
  select * from cr_studios where false
$$;

-- self relationships
create function cr_children(cr_folders) returns setof cr_folders stable language sql as $$
  select * from cr_folders where parent_id = $1.id order by id
$$;

create function cr_parent(cr_folders) returns setof cr_folders rows 1 stable language sql as $$
  select * from cr_folders where id = $1.parent_id
$$;

-- computed columns
create function cr_label(cr_games) returns text stable language sql as $$
  select $1.title || ' (' || $1.released || ')'
$$;

create function cr_age(cr_games) returns int stable language sql as $$
  select 2024 - $1.released
$$;

create function cr_all_games() returns setof cr_games stable language sql as $$
  select * from cr_games
$$;
