export {
  createInput,
  Input,
  type InputBindings,
  type InputOptions,
  type InputView,
  type PointerState,
} from './input.js';
