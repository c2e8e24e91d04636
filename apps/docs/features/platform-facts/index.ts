export {
  FACT_FORMATS,
  findFact,
  formatFact,
  isFactFormat,
  resolveFactElements,
  unknownFactMessage,
} from './facts'
export { remarkFacts } from './remark-facts'
