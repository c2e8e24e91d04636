-- Functions, a trigger and a pre-request function that set `response.headers` and
-- `response.status`, and functions that raise PTxyz, for 17-response-control.yaml
-- (PostgREST's Response.hs overrideStatusHeaders and Error.hs pgErrorStatus).

create table gadgets (id int primary key, name text not null);
insert into gadgets (id, name) values (1, 'lamp'), (2, 'fan'), (3, 'kettle');

create function gadgets_with_headers() returns setof gadgets language sql as $$
  set local "response.headers" = '[{"X-Test": "key1=val1; someValue; key2=val2"}, {"X-Test-2": "key1=val1"}]';
  select * from gadgets;
$$;

create function number_with_headers(num int) returns int language sql as $$
  set local "response.headers" = '[{"X-Test": "key1=val1"}]';
  select num;
$$;

create function headers_as_object() returns void language sql as $$
  set local "response.headers" = '{"X-Test": "an object, not an array"}';
$$;

create function headers_as_strings() returns void language sql as $$
  set local "response.headers" = '["not", "objects"]';
$$;

create function headers_with_two_keys() returns void language sql as $$
  set local "response.headers" = '[{"X-Test": "one", "X-Test-2": "two"}]';
$$;

create function headers_with_a_number() returns void language sql as $$
  set local "response.headers" = '[{"X-Test": 1}]';
$$;

create function cookie_twice() returns void language sql as $$
  set local "response.headers" = '[{"Set-Cookie": "sessionid=38afes7a8; HttpOnly; Path=/"}, {"Set-Cookie": "id=a3fWa; Secure; HttpOnly"}]';
$$;

create function custom_content_type() returns setof gadgets language sql as $$
  set local "response.headers" = '[{"Content-Type": "application/custom+json"}]';
  select * from gadgets;
$$;

create function status_403() returns json language plpgsql as $$
begin
  perform set_config('response.status', '403', true);
  return json_build_object('message', 'invalid user or password');
end
$$;

create function status_not_a_number() returns json language plpgsql as $$
begin
  perform set_config('response.status', 'bad', true);
  return null;
end
$$;

create function status_with_a_tail() returns int language plpgsql as $$
begin
  perform set_config('response.status', '202 accepted', true);
  return 1;
end
$$;

create function status_created_void() returns void language plpgsql as $$
begin
  perform set_config('response.status', '201', true);
end
$$;

create function raise_pt402() returns void language plpgsql as $$
begin
  raise sqlstate 'PT402' using message = 'Payment Required', detail = 'Quota exceeded', hint = 'Upgrade your plan';
end
$$;

create function raise_pt40a() returns void language plpgsql as $$
begin
  raise sqlstate 'PT40A' using message = 'Wrong';
end
$$;

create function raise_pt401() returns void language plpgsql as $$
begin
  raise sqlstate 'PT401' using message = 'Sign in first';
end
$$;

-- A trigger answers an update with 205 and an insert with its own Location. It runs before the
-- row is written: the statement reads the settings as it ends, before any AFTER trigger fires.
create function gadgets_response() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    perform set_config('response.status', '205', true);
  else
    perform set_config('response.headers',
      format('[{"Location": "/gadgets?id=eq.%s&overridden=true"}]', new.id), true);
  end if;
  return new;
end
$$;
create trigger gadgets_response before insert or update on gadgets
  for each row execute function gadgets_response();

-- db-pre-request: headers chosen from the request's own settings.
create function response_pre_request() returns void language plpgsql as $$
declare
  user_agent text := current_setting('request.headers', true)::json->>'user-agent';
  req_path text := current_setting('request.path', true);
  req_accept text := current_setting('request.headers', true)::json->>'accept';
begin
  if user_agent similar to 'MSIE (6.0|7.0)' then
    perform set_config('response.headers', '[{"Cache-Control": "no-cache, no-store, must-revalidate"}]', true);
  elsif req_path = '/gadgets' and req_accept = 'text/csv' then
    perform set_config('response.headers',
      format('[{"Content-Disposition": "attachment; filename=%s.csv"}]', trim('/' from req_path)), true);
  elsif current_setting('request.method', true) in ('POST', 'PATCH', 'PUT', 'DELETE') then
    perform set_config('response.headers', '[{"X-Custom-Header": "mykey=myval"}]', true);
  end if;
end
$$;

-- raise sqlstate 'PGRST': the error body in the message, the status and headers in the detail.
create function raise_full_control() returns void language plpgsql as $$
begin
  raise sqlstate 'PGRST' using
    message = '{"code": "123", "message": "ABC", "details": "DEF", "hint": "XYZ"}',
    detail = '{"status": 332, "status_text": "My Custom Status", "headers": {"X-Header": "str"}}';
end
$$;

create function raise_full_control_plain() returns void language plpgsql as $$
begin
  raise sqlstate 'PGRST' using
    message = '{"code": "123", "message": "ABC"}',
    detail = '{"status": 404, "headers": {"X-Header": "str"}}';
end
$$;

create function raise_full_control_bad_message() returns void language plpgsql as $$
begin
  raise sqlstate 'PGRST' using message = 'INVALID', detail = '{"status": 332, "headers": {}}';
end
$$;

create function raise_full_control_bad_detail() returns void language plpgsql as $$
begin
  raise sqlstate 'PGRST' using message = '{"code": "123", "message": "ABC"}', detail = 'INVALID';
end
$$;

create function raise_full_control_no_detail() returns void language plpgsql as $$
begin
  raise sqlstate 'PGRST' using message = '{"code": "123", "message": "ABC"}';
end
$$;
