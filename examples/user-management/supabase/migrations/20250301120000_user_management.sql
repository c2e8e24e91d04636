-- User management: a public profile per account, created at sign-up, and an avatars bucket.

-- One profile per user. Deleting the account deletes the profile.
create table public.profiles (
  id uuid not null primary key references auth.users on delete cascade,
  updated_at timestamptz,
  username text unique,
  full_name text,
  avatar_url text,
  website text,

  constraint username_length check (char_length(username) >= 3)
);

-- Row-level security: profiles are public, but only their owner may write them.
alter table public.profiles enable row level security;

create policy "Profiles are readable by everyone"
  on public.profiles for select
  using (true);

create policy "Users can create their own profile"
  on public.profiles for insert
  with check ((select auth.uid()) = id);

create policy "Users can update their own profile"
  on public.profiles for update
  using ((select auth.uid()) = id);

-- Create the profile as soon as the account exists, from the metadata given at sign-up.
-- security definer: the trigger runs for the auth service, which cannot write public tables.
-- An empty search_path makes every name below explicit, so nothing can be shadowed.
create function public.handle_new_user()
returns trigger
language plpgsql
security definer set search_path = ''
as $$
begin
  insert into public.profiles (id, full_name, avatar_url)
  values (
    new.id,
    new.raw_user_meta_data ->> 'full_name',
    new.raw_user_meta_data ->> 'avatar_url'
  );
  return new;
end;
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute procedure public.handle_new_user();

-- Avatars: anyone can see and upload them; only the uploader can replace one.
insert into storage.buckets (id, name)
  values ('avatars', 'avatars');

create policy "Avatars are readable by everyone"
  on storage.objects for select
  using (bucket_id = 'avatars');

create policy "Anyone can upload an avatar"
  on storage.objects for insert
  with check (bucket_id = 'avatars');

create policy "Owners can update their avatar"
  on storage.objects for update
  using ((select auth.uid()) = owner)
  with check (bucket_id = 'avatars');
