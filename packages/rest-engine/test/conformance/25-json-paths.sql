-- JSON paths: documents with unusual keys and nested arrays, a composite column and array columns.
create table jp_docs (
  id int primary key,
  data jsonb
);

insert into jp_docs (id, data) values
  (1, '{"foo": {"int": 1, "bar": "baz"}}'),
  (2, '[{"0xy1": [0, {"23-xy-45": [0, {"xy-6": [3]}]}]}]'),
  (3, '{"!@#$%^&*_d": {"!@#$%^&*_e": 3}}'),
  (4, '[[9, 8, 7], [11, 12, 13]]');

create type jp_complex as (r double precision, i double precision);

create table jp_favs (
  person text primary key,
  num jp_complex
);

insert into jp_favs (person, num) values ('A', row(0.5, 0.5)), ('B', row(0.6, 0.6));

create table jp_arrays (
  id int primary key,
  numbers int[],
  numbers_mult int[][]
);

insert into jp_arrays (id, numbers, numbers_mult) values
  (0, '{1,2,3}', '{{1,2,3},{4,5,6},{7,8,9}}'),
  (1, '{11,12,13}', '{{11,12,13},{14,15,16},{17,18,19}}');
