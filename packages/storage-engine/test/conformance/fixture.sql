-- Buckets and policies the conformance cases run against (objects and files are added by the
-- runner). Policies are dropped and made again, so the file can run before every case.
insert into storage.buckets (id, name, public, created_at, updated_at) values
  ('private-b', 'private-b', false, '2024-05-01T10:00:00Z', '2024-05-01T10:00:00Z'),
  ('public-b', 'public-b', true, '2024-05-01T10:00:00Z', '2024-05-01T10:00:00Z'),
  ('avatars', 'avatars', false, '2024-05-01T10:00:00Z', '2024-05-01T10:00:00Z');
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types, created_at, updated_at) values
  ('limited', 'limited', false, 10, '{image/png,text/*}', '2024-05-01T10:00:00Z', '2024-05-01T10:00:00Z'),
  ('empty-b', 'empty-b', false, null, null, '2024-05-01T10:00:00Z', '2024-05-01T10:00:00Z');

drop policy if exists "signed-in users see buckets" on storage.buckets;
create policy "signed-in users see buckets" on storage.buckets for select to authenticated using (true);

drop policy if exists "anyone reads avatars" on storage.objects;
create policy "anyone reads avatars" on storage.objects for select using (bucket_id = 'avatars');
drop policy if exists "users write their folder" on storage.objects;
create policy "users write their folder" on storage.objects for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);
drop policy if exists "users update their files" on storage.objects;
create policy "users update their files" on storage.objects for update to authenticated
  using (bucket_id = 'avatars' and owner = auth.uid());
