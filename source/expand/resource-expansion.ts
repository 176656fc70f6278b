import {errorDiagnostic} from '../hcl/diagnostics.js';
import {rangeBetween} from '../hcl/position.js';
import type {ResourceBlock} from '../config/module.js';
import type {Value} from '../lang/values.js';
import {conversionFailureText} from '../lang/convert.js';
import {type BodyOptions, instanceNames} from './dynamic-blocks.js';
import {type Expansion, expansionInstances} from './expansion.js';
import type {ModuleInstance, ResourceExpansion, ResourceInstance} from './instance-tree.js';
import {type ResourceSchema, resourceSchema, uncertainNames} from '../schema/resource-schema.js';
import {isInexactDigest} from '../schema/types.js';
import {impliedProviderName, providerSourceAddress} from '../schema/provider-address.js';
import {builtinSchemaSet} from '../schema/schema-set.js';
import {type ShapeOptions, type ShapeProblem, type ShapeReuse} from '../schema/shape.js';
import {validateBlockBody} from '../schema/validate-body.js';
import {type Context, report} from './expand-context.js';
import {ModuleInstanceImpl} from './module-instance.js';
import {ResourceInstanceImpl, builtinProvider, metaArguments, validatedBlocks, writtenAttribute} from './resource-instance.js';

/*
The instances of one resource block in one module instance.
*/

export class ResourceExpansionImpl implements ResourceExpansion {
	readonly block: ResourceBlock;
	readonly address;
	readonly text: string;
	readonly moduleInstance: ModuleInstance;
	readonly expansion: Expansion;
	readonly instances: readonly ResourceInstance[];
	/**
	The provider's schema of this block's type, when known.
	*/
	readonly schema: ResourceSchema | undefined;
	readonly #context: Context;
	#schemaNames: ReadonlySet<string> | undefined;
	#evaluation: {readonly bodyOptions: BodyOptions; readonly reuse: ShapeReuse; readonly shapeOptions: ShapeOptions} | undefined;
	/** Instances whose value has been computed: once all have, the evaluation state is let go (see instanceComputed). */
	#computed = 0;

	constructor(context: Context, moduleInstance: ModuleInstanceImpl, block: ResourceBlock, expansion: Expansion) {
		this.block = block;
		this.#context = context;
		this.schema = context.schemaOfBlock.get(block);
		if (this.schema === undefined && !context.schemaOfBlock.has(block)) {
			const {terraform} = moduleInstance.node.module;
			// What resourceSchema reads: the provider's source address (from the block's provider name and the module's required_providers), the mode and the type; the schemas and constraints are the expansion's.
			const key = `${providerSourceAddress(block.provider?.name ?? impliedProviderName(block.type), terraform)}\u0000${block.mode}\u0000${block.type}`;
			this.schema = context.schemaOfType.get(key);
			if (this.schema === undefined && !context.schemaOfType.has(key)) {
				this.schema = resourceSchema(context.options.schemas ?? builtinSchemaSet, block, terraform, context.providerConstraints);
				context.schemaOfType.set(key, this.schema);
			}

			context.schemaOfBlock.set(block, this.schema);
		}

		if (this.schema?.strict && !validatedBlocks.has(block)) {
			// Once per block, however many module instances hold it, as terraform validate checks the configuration.
			validatedBlocks.add(block);
			report(context, uncertainNames(validateBlockBody(block.block, this.schema.block, metaArguments, {blocksAsAttributes: isInexactDigest(this.schema.origin)}), this.schema));
		}

		this.moduleInstance = moduleInstance;
		this.address = {
			module: moduleInstance.address, mode: block.mode, type: block.type, name: block.name,
		};
		// formatResource(this.address), from the texts at hand.
		this.text = moduleInstance.text === '' ? block.key : `${moduleInstance.text}.${block.key}`;
		this.expansion = expansion;
		const {keys, repetitions, suffixes} = expansionInstances(expansion);
		const instances: ResourceInstance[] = [];
		// An index loop: entries() made a pair per instance (50,000 at 4x).
		for (let index = 0; index < keys.length; index++) {
			instances.push(new ResourceInstanceImpl(context, this, keys[index]!, repetitions[index]!, this.text + suffixes[index]!));
		}

		this.instances = instances;
	}

	/**
	What evaluating the instances' bodies shares: the options of evaluateBody, the same object for every instance, with the values of arguments that are the same for every instance (`shared`); and those values with what the schema shaped them into (`reuse`, see shapeBody). Made when the first instance is evaluated: expanding makes every block's instances, and many are never evaluated.
	*/
	get evaluation(): {readonly bodyOptions: BodyOptions; readonly reuse: ShapeReuse; readonly shapeOptions: ShapeOptions} {
		if (!this.#evaluation) {
			const context = this.#context;
			const reuse: ShapeReuse = {shared: new Set(), shaped: new Map()};
			this.#evaluation = {
				// The options of shapeBody for instances without state (with state, one per instance adds what it stored).
				shapeOptions: {
					// Issue 14: a list or set block the configuration does not write may be filled in by the provider (optional and computed blocks look like any other in a schema).
					unsetBlocksUnknown: this.schema?.provider !== builtinProvider,
					reuse,
					problem: problem => {
						this.reportShapeProblem(problem);
					},
				},
				bodyOptions: {
					skip: metaArguments,
					report: diagnostics => {
						report(context, diagnostics);
					},
					shared: new Map<object, Value>(),
					sharedValues: reuse.shared as Set<Value>,
					// Without the provider's schema, a null argument may be optional and computed: see nullAsUnknown.
					nestedNullAsUnknown: !this.schema,
					// Parts of per-instance arguments kept for the next instances: worth it only with more than one.
					...(this.instances.length > 1 && {invariant: {instanceNames, entries: new Map()}}),
				},
				reuse,
			};
		}

		return this.#evaluation;
	}

	/**
	Called once per instance, when its value has been computed: after the last one, what evaluating them shared (values kept per argument and per part, shapes) is no longer needed and is let go, rather than kept as long as the instance tree (about a tenth of the memory evaluating everything adds).
	*/
	instanceComputed(): void {
		this.#computed++;
		if (this.#computed === this.instances.length) {
			this.#evaluation = undefined;
			(this.moduleInstance as ModuleInstanceImpl).blockComputed();
		}
	}

	/**
	The attribute and block type names a reference may read, when the schema is trusted.
	*/
	get schemaNames(): ReadonlySet<string> | undefined {
		if (!this.schema?.strict || this.schema.newerAllowed) {
			return undefined;
		}

		this.#schemaNames ??= new Set([...this.schema.block.attributes.keys(), ...this.schema.block.blockTypes.keys()]);
		return this.#schemaNames;
	}

	/**
	A value that does not convert to its attribute's type: hcldec's "Incorrect attribute value type", on the argument where it is written.
	*/
	reportShapeProblem(problem: ShapeProblem): void {
		const written = writtenAttribute(this.block.block.body, problem.path);
		const name = problem.path.at(-1)!;
		report(this.#context, [errorDiagnostic('Incorrect attribute value type', `Inappropriate value for attribute ${JSON.stringify(name)}: ${conversionFailureText(problem.failure, this.#context.options.mismatchWording ?? 'terse')}.`, written?.expression.range ?? this.block.block.typeRange, written ? rangeBetween(written.nameRange, written.expression.range) : undefined)]);
	}
}
