import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { readSupabaseConfig } from './config'
import { MissingConfig } from './MissingConfig'
import { createSupabaseClient } from './supabaseClient'
import './index.css'

const container = document.getElementById('root')
if (container === null) throw new Error('index.html has no element with id "root"')

const result = readSupabaseConfig(import.meta.env)

createRoot(container).render(
  <StrictMode>
    {result.ok ? (
      <App supabase={createSupabaseClient(result.config)} />
    ) : (
      <MissingConfig problems={result.problems} />
    )}
  </StrictMode>,
)
