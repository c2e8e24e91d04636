-- Preferences (a column named t would hide the harness's row alias t): timestamps to read in another time zone, and rows to change under max-affected.
create table stamps (
  id int primary key,
  at timestamptz not null
);

insert into stamps (id, at) values
  (1, '2023-10-18 12:37:59.611+00'),
  (2, '2023-10-18 14:37:59.611+00');

create table chores (
  id int primary key,
  done boolean not null default false
);

insert into chores (id) values (1), (2), (3), (4), (5), (6);

create function chores_upto(n int) returns setof chores
  language sql stable as $$ select * from chores where id <= n order by id $$;
