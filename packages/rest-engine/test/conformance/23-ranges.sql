-- Ranges: a small analysed table, so the planner's estimates are the row counts, and a function
-- that returns a set of its rows.
create table ledger_lines (
  id int primary key,
  amount int not null
);

insert into ledger_lines (id, amount) values (1, 10), (2, 20), (3, 30), (4, 40), (5, 50);

analyze ledger_lines;

create function ledger_range(lo int, hi int) returns setof ledger_lines
  language sql stable as $$ select * from ledger_lines where id between lo and hi order by id $$;
