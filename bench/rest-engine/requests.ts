/** The request mix of the REST engine benchmark: reads, embeds, counts, a call and rolled-back writes on the sample shop. */
export const BENCH_REQUESTS: { method: string; path: string; body?: string; prefer?: string }[] = [
  { method: 'GET', path: '/products?select=*&order=id' },
  { method: 'GET', path: '/products?select=name,price&price=gt.20&order=price.desc&limit=10' },
  { method: 'GET', path: '/products?select=name,categories(name)&order=name&limit=10' },
  { method: 'GET', path: '/categories?select=name,products(name,price)&order=name' },
  { method: 'GET', path: '/products?select=id,categories!inner(name)&categories.name=eq.Office' },
  { method: 'GET', path: '/products?select=name&or=(name.ilike.*mug*,and(price.gt.100,image.is.null))' },
  { method: 'GET', path: '/products?select=id&limit=5', prefer: 'count=exact' },
  { method: 'GET', path: '/products?select=category_id,count()' },
  { method: 'POST', path: '/rpc/search_products?select=name&order=name', body: '{"term":"mug"}' },
  { method: 'POST', path: '/categories', body: '{"name":"Seasonal"}', prefer: 'return=representation' },
  { method: 'PATCH', path: '/products?id=lt.5', body: '{"price":9.5}', prefer: 'return=representation' },
  { method: 'DELETE', path: '/products?id=eq.38', prefer: 'return=minimal' },
]
