export * from './facts'
