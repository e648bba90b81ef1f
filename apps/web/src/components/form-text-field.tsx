import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/** `TOutput` is what the form's resolver hands to submit, when a schema transforms the inputs' text. */
type FormTextFieldProps<T extends FieldValues, TOutput extends FieldValues = T> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  control: Control<T, unknown, TOutput>;
  name: Path<T>;
};

/** A MUI text field bound to react-hook-form; the field's error message shows as helper text. */
export function FormTextField<T extends FieldValues, TOutput extends FieldValues = T>({ control, name, helperText, ...props }: FormTextFieldProps<T, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={field.disabled || props.disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
