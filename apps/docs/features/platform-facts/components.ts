export { Fact } from './Fact'
