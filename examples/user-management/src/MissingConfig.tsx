/** Shown instead of the app when the project settings are missing or malformed. */
export function MissingConfig({ problems }: { problems: string[] }) {
  return (
    <main className="container">
      <section className="card" role="alert" aria-labelledby="config-heading">
        <h1 id="config-heading">The app is not configured yet</h1>
        <ul>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
        <p>
          Copy <code>.env.example</code> to <code>.env.local</code>, fill in your project URL and anon key,
          then restart <code>npm run dev</code>.
        </p>
      </section>
    </main>
  )
}
