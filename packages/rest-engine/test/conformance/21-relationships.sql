-- Relationships (21-relationships.yaml): composite foreign keys, embeds through views, and the
-- ambiguous embeds PostgREST answers with 300.
create table rel_regions (
  country text,
  code text,
  name text not null,
  primary key (country, code)
);

create table rel_stores (
  id int primary key,
  name text not null,
  country text,
  region_code text,
  constraint rel_stores_region_fkey foreign key (country, region_code) references rel_regions (country, code)
);

-- two composite foreign keys to the same table
create table rel_transfers (
  id int primary key,
  from_country text,
  from_code text,
  to_country text,
  to_code text,
  constraint rel_transfers_from_fkey foreign key (from_country, from_code) references rel_regions (country, code),
  constraint rel_transfers_to_fkey foreign key (to_country, to_code) references rel_regions (country, code)
);

create view rel_store_view as select id, name as store_name, country, region_code from rel_stores;

insert into rel_regions values ('FR', 'IDF', 'Ile-de-France'), ('FR', 'BRE', 'Bretagne'), ('DE', 'BY', 'Bayern');
insert into rel_stores values (1, 'Paris Nord', 'FR', 'IDF'), (2, 'Rennes', 'FR', 'BRE'), (3, 'Online', null, null);
insert into rel_transfers values (1, 'FR', 'IDF', 'DE', 'BY');

-- a many-to-one and two many-to-many (through a table and through a view of it) to one table
create table rel_projects (
  id int primary key,
  name text not null
);

create table rel_sites (
  id int primary key,
  name text not null,
  main_project_id int,
  constraint rel_main_project foreign key (main_project_id) references rel_projects (id)
);

create table rel_jobs (
  site_id int references rel_sites (id),
  project_id int references rel_projects (id),
  primary key (site_id, project_id)
);

create view rel_main_jobs as select site_id, project_id from rel_jobs where project_id < 3;

insert into rel_projects values (1, 'Bridge'), (2, 'Tunnel'), (3, 'Tower');
insert into rel_sites values (1, 'North yard', 1), (2, 'South yard', 3);
insert into rel_jobs values (1, 1), (1, 3), (2, 2), (2, 3);

-- a foreign key each way between two tables
create table rel_agents (
  id int primary key,
  name text not null,
  department_id int
);

create table rel_departments (
  id int primary key,
  name text not null,
  head_id int references rel_agents (id)
);

alter table rel_agents add constraint rel_agents_department_id_fkey
  foreign key (department_id) references rel_departments (id);

-- two one-to-one foreign keys to the same table
create table rel_seconds (
  id int primary key
);

create table rel_firsts (
  id int primary key,
  second_a int unique references rel_seconds (id),
  second_b int unique references rel_seconds (id)
);

-- a view that shows each column of a composite foreign key twice
create table rel_pair_parents (
  a int,
  b int,
  primary key (a, b)
);

create table rel_pair_children (
  id int primary key,
  parent_a int,
  parent_b int,
  constraint rel_pair_children_parent_fkey foreign key (parent_a, parent_b) references rel_pair_parents (a, b)
);

create view rel_pair_parents_v as select a, b from rel_pair_parents;
create view rel_pair_children_v as
  select id, parent_a as a1, parent_a as a2, parent_b as b1, parent_b as b2 from rel_pair_children;
